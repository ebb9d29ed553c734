import { answerShippingAddressCallback } from '../../../../server/demo/answer-shipping-address-callback';
import { demoContext, readDemoRequest, tooLarge } from '../../../../server/demo/demo-http';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The store's `express.shipping_address_callback_url`: shipping options for the posted session's address. */
export const POST = async (request: Request): Promise<Response> => {
  const { kassa, accountId, meta } = await demoContext(request);
  const req = await readDemoRequest(request, meta.baseUrl);
  if (!req) return tooLarge();
  const answer = await answerShippingAddressCallback(kassa.ctx, accountId, req);
  return Response.json(answer.body, { status: answer.status });
};
