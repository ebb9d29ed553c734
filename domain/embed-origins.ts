/**
 * Who may frame the hosted checkout and receive its SDK messages (ADR 021). The server decides it
 * per session (`allowedEmbedOrigins`) and sends it to the page with the origin it believes embeds
 * it; the page posts only to an allowed origin (`embedTargetOrigin`).
 */

/** `*`: any site (a test account that configured none); else these origins, Kassa's own first. */
export type EmbedOrigins = '*' | readonly string[];

/** What the checkout page gets from the server about its embedder. */
export interface EmbedInfo {
  /** Where the page may be framed and post its messages. */
  allowed: EmbedOrigins;
  /** The embedder's origin as the server saw it (Referer, `sdk_hostname`), when allowed. */
  origin?: string;
}

/** A host label: letters, digits and inner hyphens, at most 63 characters (no empty label, no trailing dot). */
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const PLAIN_ORIGIN = new RegExp(`^https?://(?:${LABEL}(?:\\.${LABEL})*|\\[[0-9a-f:.]+\\])(?::\\d{1,5})?$`);

/** The origin (`scheme://host[:port]`) of an http(s) URL, or undefined for anything else. */
export const originOf = (url: string | null | undefined): string | undefined => {
  if (!url) return undefined;
  try {
    const { origin } = new URL(url);
    return PLAIN_ORIGIN.test(origin) ? origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The one rule for a configured `embed_origins` entry (the API's schemas use it): it must be
 * exactly the origin `originOf` keeps for it, as a browser sends it. What is wrong, or undefined:
 * a path, a trailing slash or dot, upper case, a default or impossible port, a bad host label.
 */
export const embedOriginProblem = (entry: string): string | undefined => {
  const origin = originOf(entry);
  if (origin === entry) return undefined;
  return origin
    ? `must be exactly the origin ${origin}: http(s)://host[:port], lower case, no path or trailing slash, no default port`
    : 'must be an origin http(s)://host[:port] with a valid host name (no trailing dot) and port (1-65535)';
};

export interface EmbedSubject {
  accountId: string;
  /** `configuration.embed_origins` of the session (or of the profile it was made from). */
  configured: readonly string[] | undefined;
  returnUrl: string | undefined;
  /** Kassa's own public origin (ADR 007). */
  self: string;
}

/**
 * The merchant's configured origins; none configured: any site on a test account (`T…`), and on a
 * production account (`P…`) Kassa itself and the origin of the session's return_url. A configured
 * list none of whose entries is an origin gets the production default on either account, never
 * `*` (ADR 021). Kassa's own origin is always allowed (the demo's inline embed, pages that return
 * to the checkout).
 */
export const allowedEmbedOrigins = ({ accountId, configured, returnUrl, self }: EmbedSubject): EmbedOrigins => {
  const list = Array.isArray(configured) ? configured : [];
  const listed = list.map(originOf).filter((o): o is string => o !== undefined);
  if (list.length === 0 && accountId.startsWith('T')) return '*';
  const fallback = listed.length === 0 ? [originOf(returnUrl)] : [];
  return [...new Set([originOf(self) ?? self, ...listed, ...fallback].filter((o): o is string => o !== undefined))];
};

export const isAllowedOrigin = (allowed: EmbedOrigins, origin: string | undefined): origin is string =>
  origin !== undefined &&
  origin !== 'null' &&
  (allowed === '*' ? originOf(origin) === origin : allowed.includes(origin));

/**
 * The one origin the page posts its messages to: the first candidate (the browser's view of the
 * parent, what the page remembered, the server's guess) that is allowed. With `*` and nothing
 * known it is `*` (anyone may embed that session anyway); otherwise nothing is posted.
 */
export const embedTargetOrigin = (info: EmbedInfo, candidates: readonly (string | undefined)[]): string | undefined => {
  for (const candidate of [...candidates, info.origin]) if (isAllowedOrigin(info.allowed, candidate)) return candidate;
  return info.allowed === '*' ? '*' : undefined;
};

/**
 * The server's guess at who embeds the page, from what the request tells: the `Referer`'s origin,
 * else the allowed origin whose host is the SDK's `sdk_hostname`, else the one allowed origin
 * other than Kassa's own. Undefined when none of these is allowed.
 */
export const embedderOrigin = (
  allowed: EmbedOrigins,
  self: string,
  hints: { referer?: string; sdkHostname?: string },
): string | undefined => {
  const fromReferer = originOf(hints.referer);
  if (isAllowedOrigin(allowed, fromReferer)) return fromReferer;
  if (allowed === '*') return undefined;
  const byHost = hints.sdkHostname
    ? allowed.filter((o) => new URL(o).hostname === hints.sdkHostname?.toLowerCase())
    : [];
  if (byHost.length === 1) return byHost[0];
  const others = allowed.filter((o) => o !== originOf(self));
  return others.length === 1 ? others[0] : undefined;
};
