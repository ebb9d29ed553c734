import type { AppContext, RequestMeta } from '../app-context';
import { ALL_SCOPES } from '../auth/scopes';
import { createSession, type CreatedSession } from '../sessions/create-session';
import { CreateSessionBody } from '../sessions/session-schemas';

/** The demo shop: one click makes a real session for the startup merchant with a sample order. */
export const createDemoSession = async (ctx: AppContext, accountId: string, meta: RequestMeta): Promise<CreatedSession> => {
  const input = CreateSessionBody.parse({
    url: { return_url: `${meta.baseUrl}/demo/return`, callback_url: `${meta.baseUrl}/demo/callback` },
    order: {
      amount: 39800,
      currency: 'NOK',
      merchant_reference: `demo-${Date.now()}`,
      vat_amount: 7960,
      items: [
        { id: 'mug', line_id: '1', description: 'Kassa coffee mug', quantity: 2, amount: 19800, vat_amount: 3960, vat: 25 },
        { id: 'beans', line_id: '2', description: 'Coffee beans, 500 g', quantity: 1, amount: 20000, vat_amount: 4000, vat: 25 },
      ],
    },
    configuration: { sandbox: { creditcard: { enabled: true } } },
  });
  return createSession(ctx, { accountId, subject: 'demo-shop', scopes: [...ALL_SCOPES] }, input, meta);
};
