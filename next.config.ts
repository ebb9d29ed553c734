import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Native and driver packages stay outside the bundle.
  serverExternalPackages: ['better-sqlite3', 'pg', 'kysely', 'bwip-js'],
  poweredByHeader: false,
  reactStrictMode: true,
  // The type check of the whole project (tsc --noEmit, strict) runs in `npm test`; next build checking it again took
  // about three of the first start's seven minutes on a small machine (issue 26, item 5).
  typescript: { ignoreBuildErrors: true },
  // `import text from './file?raw'`: the file's text, read at build time. The API docs (app/docs) show their
  // tested code snippets verbatim and serve the reference renderer's bundle from this origin this way.
  turbopack: { rules: { '*': { condition: { query: '?raw' }, type: 'raw' } } },
  // Security headers (CSP with Next's nonce, Referrer-Policy, nosniff, HSTS) are set per request by
  // bin/kassa.ts (server/pages/page-headers.ts, ADR 021): frame-ancestors depends on the session.
};

export default nextConfig;
