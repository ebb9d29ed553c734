import { sealData, unsealData } from 'iron-session';
import { getKassa } from '../http/kassa-singleton';
import { publicOriginFor } from '../http/public-origin';

/**
 * The payment type the customer last picked on a session's page, kept across reloads in a sealed,
 * HttpOnly cookie (iron-session) bound to the session id. It holds no payment data.
 */
export const CHOICE_COOKIE = 'kassa_choice';
const MAX_SESSIONS = 20;
const TTL_SECONDS = 24 * 3600;
const TYPE = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;
const SID = /^[A-Za-z0-9._-]{1,100}$/;

type Choices = Record<string, string>;

const open = async (sealed: string | undefined): Promise<Choices> => {
  if (!sealed) return {};
  const { ctx } = await getKassa();
  const data = await unsealData<{ choices?: unknown }>(sealed, {
    password: ctx.cookiePassword,
    ttl: TTL_SECONDS,
  }).catch(() => ({ choices: undefined }));
  const choices = data.choices;
  if (typeof choices !== 'object' || choices === null) return {};
  return Object.fromEntries(
    Object.entries(choices).filter((e): e is [string, string] => typeof e[1] === 'string' && TYPE.test(e[1])),
  );
};

/** The type chosen earlier for this session, if any (the page still checks the session offers it). */
export const readPaymentChoice = async (sealed: string | undefined, sid: string): Promise<string | undefined> =>
  (await open(sealed))[sid];

/** The new cookie value after choosing `type` for `sid`; undefined when the input is not a session id and type. */
export const savePaymentChoice = async (
  sealed: string | undefined,
  sid: string,
  type: string,
): Promise<string | undefined> => {
  if (!SID.test(sid) || !TYPE.test(type)) return undefined;
  const { ctx } = await getKassa();
  const choices = Object.entries({ ...(await open(sealed)), [sid]: type }).slice(-MAX_SESSIONS);
  return sealData({ choices: Object.fromEntries(choices) }, { password: ctx.cookiePassword, ttl: TTL_SECONDS });
};

/**
 * Cookie attributes: cross-site iframes need SameSite=None; Secure (https, or localhost for
 * development, where browsers accept Secure over http); on other plain-http origins Lax (no
 * embedding there). HttpOnly: the page's script never reads it.
 */
export const choiceCookieOptions = (url: URL) => {
  const secure = url.protocol === 'https:' || url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  return {
    httpOnly: true,
    path: '/',
    maxAge: TTL_SECONDS,
    sameSite: secure ? ('none' as const) : ('lax' as const),
    secure,
  };
};

/** The same, for the request's public origin (ADR 007: never Host or X-Forwarded-* without KASSA_TRUST_PROXY). */
export const choiceCookieOptionsFor = async (headers: Headers) => {
  const { ctx } = await getKassa();
  const pick = (name: string) => headers.get(name) ?? undefined;
  return choiceCookieOptions(
    new URL(
      publicOriginFor(ctx.env)({
        host: pick('host'),
        'x-forwarded-host': pick('x-forwarded-host'),
        'x-forwarded-proto': pick('x-forwarded-proto'),
      }),
    ),
  );
};
