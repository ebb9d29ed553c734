import { allowedEmbedOrigins, embedderOrigin, type EmbedInfo, type EmbedOrigins } from '../../domain/embed-origins';
import { getKassa } from '../http/kassa-singleton';
import { publicOriginFor } from '../http/public-origin';
import { parseJson } from '../shared/json-columns';
import type { StoredConfiguration } from '../sessions/session-record';

/** Who may frame a session's pages and where its forms may lead (ADR 021). */
export interface EmbedPolicy {
  allowed: EmbedOrigins;
  /** The session's return_url (its origin is a form target: cancel and 3-D Secure forms redirect there). */
  returnUrl?: string;
}

/** A page that names no session (or an unknown one) shows nothing of anyone's: any site may frame it. */
const NO_SESSION: EmbedPolicy = { allowed: '*' };

const SID = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * The embedding policy of the session `sid` (the checkout, /embedResult/), or of the session a
 * transaction belongs to (the sandbox's 3-D Secure and wallet pages): `configuration.embed_origins`
 * (the session's, or its profile's copied in at creation), else the account's default.
 */
export const loadEmbedPolicy = async (
  self: string,
  ids: { sid?: string; transactionId?: string },
): Promise<EmbedPolicy> => {
  const { ctx } = await getKassa();
  const db = ctx.database.db;
  let sid = ids.sid;
  if (!sid && ids.transactionId && SID.test(ids.transactionId)) {
    sid =
      (await db.selectFrom('transactions').select('session_id').where('id', '=', ids.transactionId).executeTakeFirst())
        ?.session_id ?? undefined;
  }
  if (!sid || !SID.test(sid)) return NO_SESSION;
  const row = await db
    .selectFrom('sessions')
    .select(['account_id', 'configuration', 'url'])
    .where('id', '=', sid)
    .executeTakeFirst();
  if (!row) return NO_SESSION;
  const configuration = parseJson<StoredConfiguration>(row.configuration);
  const returnUrl = parseJson<{ return_url?: string }>(row.url).return_url;
  return {
    allowed: allowedEmbedOrigins({
      accountId: row.account_id,
      configured: configuration.embed_origins,
      returnUrl,
      self,
    }),
    ...(returnUrl ? { returnUrl } : {}),
  };
};

/** For a Next page shown in the SDK's iframe (/embedResult/): the embedder the page may post to. */
export const loadEmbedInfo = async (sid: string, headers: { get(name: string): string | null }): Promise<EmbedInfo> => {
  const { ctx } = await getKassa();
  const self = publicOriginFor(ctx.env)(
    Object.fromEntries(['host', 'x-forwarded-host', 'x-forwarded-proto'].map((h) => [h, headers.get(h) ?? undefined])),
  );
  const { allowed } = await loadEmbedPolicy(self, { sid });
  const origin = embedderOrigin(allowed, self, { referer: headers.get('referer') ?? undefined });
  return { allowed, ...(origin ? { origin } : {}) };
};
