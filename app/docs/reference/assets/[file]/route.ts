import bundle from 'swagger-ui-dist/swagger-ui-bundle.js?raw';
import { REFERENCE_BUNDLE } from '../../../../../components/docs/reference-assets';

/**
 * Swagger UI's browser bundle, from this origin (no CDN): its text is read from node_modules at build
 * time (next.config.ts, `?raw`). Its name carries the version, so a browser keeps it. Any other name is 404.
 * (Not gzipped here: Next drops a route handler's own `content-encoding` header.)
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  if ((await params).file !== REFERENCE_BUNDLE) return new Response('Not found', { status: 404 });
  return new Response(bundle, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
    },
  });
}
