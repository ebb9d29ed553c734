import { z } from 'zod';
import type { AppContext } from '../app-context';
import { checkDemoSignature, clip, refused, type DemoRequest } from './check-demo-signature';
import { recordDemoCallback } from './demo-callbacks';
import type { DemoAnswer } from './receive-demo-callback';

/** The part of the posted session the store reads (everything else is ignored). */
export const PostedSession = z.looseObject({
  id: z.string().max(255),
  order: z.looseObject({
    items: z.array(z.looseObject({ line_id: z.string(), amount: z.number().int() })).optional(),
    shipping_address: z.looseObject({ country: z.string().optional(), postal_code: z.string().optional() }).optional(),
    shipping_option: z.looseObject({ id: z.string(), line_id: z.string(), amount: z.number().int() }).optional(),
    discount_codes: z.array(z.unknown()).optional(),
  }),
  express: z
    .looseObject({
      shipping_options: z
        .array(z.looseObject({ id: z.string(), line_id: z.string(), amount: z.number().int() }))
        .optional(),
    })
    .optional(),
});
export type PostedSession = z.infer<typeof PostedSession>;

export const parsePostedSession = (body: string): PostedSession | undefined => {
  try {
    const parsed = PostedSession.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

type Kind = 'shipping_address' | 'discount_codes';

/**
 * The start of both express callbacks of the store: checks the signature and reads the posted
 * session; refusals are recorded and answered here. `record` stores what the callback answered.
 */
export const receivePostedSession = async (
  ctx: AppContext,
  accountId: string,
  req: DemoRequest,
  kind: Kind,
): Promise<
  { answer: DemoAnswer } | { session: PostedSession; record: (status: number, summary: string) => Promise<void> }
> => {
  const signature = await checkDemoSignature(ctx, accountId, req);
  const session = parsePostedSession(req.body);
  const record = async (status: number, summary: string) => {
    await recordDemoCallback(ctx.database, {
      account_id: accountId,
      kind,
      session_id: session?.id ?? null,
      transaction_id: null,
      method: req.method,
      url: clip(req.url),
      signature,
      status,
      summary: clip(summary, 300),
    });
  };
  if (refused(signature)) {
    await record(401, `refused: signature ${signature}`);
    return { answer: { status: 401, body: { error: `signature ${signature}` } } };
  }
  if (!session) {
    await record(400, 'not a session');
    return { answer: { status: 400, body: { error: 'expected the session as JSON' } } };
  }
  return { session, record };
};
