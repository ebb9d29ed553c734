import { DemoCallbackAnswerForm, setDemoCallbackAnswer } from '../../../../server/demo/demo-callback-answer';
import { backOfficeRefusal, demoContext, demoOff, formFields, plainText } from '../../../../server/demo/demo-http';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * The back office's "Answer callbacks with 500" switch (form POST `answer=500|200`): only from the store's own
 * page (403) by the logged-in demo merchant (401), ADR 029; 400 for any other answer; 303 back to /demo/orders.
 */
export const POST = async (request: Request): Promise<Response> => {
  const c = await demoContext(request);
  if (!c) return demoOff();
  const refusal = await backOfficeRefusal(request, c, true);
  if (refusal) return refusal;
  const form = DemoCallbackAnswerForm.safeParse(await formFields(request));
  if (!form.success) return plainText(400, 'answer must be 200 or 500');
  await setDemoCallbackAnswer(c.kassa.ctx.database, c.accountId, form.data.answer);
  const back = new URL(`${c.meta.baseUrl}/demo/orders`);
  back.searchParams.set('callbacks', String(form.data.answer));
  return new Response(null, { status: 303, headers: { location: back.toString(), 'cache-control': 'no-store' } });
};
