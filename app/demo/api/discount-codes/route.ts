import { answerDiscountCodesCallback } from '../../../../server/demo/answer-discount-codes-callback';
import { demoContext, readDemoRequest, tooLarge } from '../../../../server/demo/demo-http';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The store's `express.discount_codes.callback_url`: re-prices the posted session for its discount codes. */
export const POST = async (request: Request): Promise<Response> => {
  const { kassa, accountId, meta } = await demoContext(request);
  const req = await readDemoRequest(request, meta.baseUrl);
  if (!req) return tooLarge();
  const answer = await answerDiscountCodesCallback(kassa.ctx, accountId, req);
  return Response.json(answer.body, { status: answer.status });
};
