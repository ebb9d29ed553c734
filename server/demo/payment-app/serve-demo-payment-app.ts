import { demoContext, demoOff, formFields, plainText, readDemoRequest, tooLarge } from '../demo-http';
import { answerDemoAppCall } from './answer-demo-app-call';
import { decideDemoAppPage, showDemoAppPage } from './demo-app-page';

/**
 * Everything under /demo/payment-app/ (app/demo/payment-app/[...path]/route.ts), only while the demo
 * is on: POST /<method> is the app's API that Kassa calls (signed); GET and POST /page/<token> are
 * the shopper's page. The demo merchant's account is the only one it serves.
 */
export const serveDemoPaymentApp = async (request: Request, path: readonly string[]): Promise<Response> => {
  const c = await demoContext(request);
  if (!c) return demoOff();
  const { kassa, accountId, meta } = c;
  const [first, token, ...rest] = path;
  if (first === 'page' && token && rest.length === 0) {
    if (request.method === 'GET') return showDemoAppPage(kassa.ctx, accountId, token);
    if (request.method === 'POST')
      return decideDemoAppPage(kassa.ctx, accountId, token, (await formFields(request)).decision ?? '');
  }
  if (first && path.length === 1 && request.method === 'POST') {
    const req = await readDemoRequest(request, meta.baseUrl);
    if (!req) return tooLarge();
    const answer = await answerDemoAppCall(kassa.ctx, accountId, first, req, meta.baseUrl);
    return Response.json(answer.body, { status: answer.status, headers: { 'cache-control': 'no-store' } });
  }
  return plainText(404, 'Not found\n');
};
