import { demoContext, readDemoRequest, tooLarge } from '../../../../server/demo/demo-http';
import { receiveDemoCallback } from '../../../../server/demo/receive-demo-callback';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The store's `url.callback_url` (GET, or POST with `method=POST`): signature checked, callback recorded. */
const handle = async (request: Request): Promise<Response> => {
  const { kassa, accountId, meta } = await demoContext(request);
  const req = await readDemoRequest(request, meta.baseUrl);
  if (!req) return tooLarge();
  const answer = await receiveDemoCallback(kassa.ctx, accountId, req);
  return Response.json(answer.body, { status: answer.status });
};

export { handle as GET, handle as POST };
