import { embedTargetOrigin, type EmbedInfo } from '../../domain/embed-origins';

/**
 * The messages between the hosted checkout and the web SDK that embeds it
 * (see docs on the SDK protocol in /work/shared/notes/compat.md). Every message
 * we post carries `type` and `sid`; we post only when we are inside a frame, and only
 * to the embedder's origin when the session allows it (ADR 021).
 */
export type OutgoingType =
  | 'SessionLoaded'
  | 'SessionUpdated'
  | 'SessionCancel'
  | 'SessionNotFound'
  | 'SessionPaymentAuthorized'
  | 'SessionPaymentOnHold'
  | 'SessionPaymentError'
  | 'SessionLocked'
  | 'SessionLockFailed'
  | 'ActivePaymentProductType'
  | 'ValidateSession'
  | 'HeightChanged'
  | 'LanguageChanged'
  | 'ScrollToTop'
  | 'ShowPopOutButton'
  | 'HidePopOutButton'
  | 'AppLoaded'
  | 'Ack';

/** The merchant's answer to ValidateSession (`client_side_validation=true`). */
export interface ValidationResult {
  success: boolean;
  clientValidationError?: string;
}

export type IncomingMessage =
  | { type: 'RefreshSession' }
  | { type: 'LockSession' }
  | { type: 'SetLanguage'; language?: string }
  | { type: 'SetActivePaymentProductType'; payment_product_type?: string }
  | { type: 'ValidationResult'; success?: boolean; clientValidationError?: string }
  | { type: 'OpenedPopOut' | 'ClosedPopOut' | 'OpenPopOutFailed' | 'ValidatingPopOut' };

/** `role` the SDK put on the page's URL: the iframe that offers the pop-out, or the pop-out window itself. */
export const sdkRole = (): 'pop_out_launcher' | 'pop_out_payment' | undefined => {
  if (typeof window === 'undefined') return undefined;
  const role = new URLSearchParams(window.location.search).get('role');
  return role === 'pop_out_launcher' || role === 'pop_out_payment' ? role : undefined;
};

/** In the SDK's pop-out window, the merchant's page that opened it (the SDK listens there). */
const popOutOpener = (): Window | undefined =>
  sdkRole() === 'pop_out_payment' && window.opener ? (window.opener as Window) : undefined;

/** Inside the SDK's iframe, or its pop-out window: the SDK, not this page, decides where to go after a final event. */
export const isEmbedded = (): boolean =>
  typeof window !== 'undefined' && (window.parent !== window || popOutOpener() !== undefined);

let embed: EmbedInfo | undefined;
let target: { origin: string | undefined } | undefined;

/** What the server decided about this page's embedder (its props); until then nothing is posted. */
export const configureEmbed = (info: EmbedInfo | undefined): void => {
  embed = info;
  target = undefined;
};

const rememberKey = (sid: string) => `kassa:embedder:${sid}`;
const storage = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // storage blocked in this (third-party) context
  }
};

/**
 * The one origin messages go to and come from: the browser's view of the parent frame
 * (`location.ancestorOrigins`), what an earlier page of this session in this frame found (after
 * a 3-D Secure round trip the Referer is Kassa's own), then the server's guess; each only if the
 * session allows it. Undefined: post nothing.
 */
export const embedderTarget = (sid: string): string | undefined => {
  if (target) return target.origin;
  if (!embed) return undefined;
  const ancestors = window.parent !== window ? window.location.ancestorOrigins?.[0] : undefined;
  const remembered = storage()?.getItem(rememberKey(sid)) ?? undefined;
  const origin = embedTargetOrigin(embed, [ancestors, remembered]);
  if (origin && origin !== '*') storage()?.setItem(rememberKey(sid), origin);
  target = { origin };
  return origin;
};

export const postToParent = (sid: string, type: OutgoingType, payload: Record<string, unknown> = {}): void => {
  if (typeof window === 'undefined') return;
  const opener = popOutOpener();
  const to = opener ?? (window.parent !== window ? window.parent : undefined);
  const origin = to ? embedderTarget(sid) : undefined;
  if (!to || !origin) return;
  to.postMessage(opener ? { ...payload, type, sid, context: 'popOut' } : { ...payload, type, sid }, origin);
};

/** Accepts a message only from our parent frame at the embedder's origin, for our session (older SDKs omit `sid`). */
export const readIncoming = (event: MessageEvent, sid: string): (IncomingMessage & { mid?: unknown }) | undefined => {
  const from = popOutOpener() ?? (window.parent !== window ? window.parent : undefined);
  if (!from || event.source !== from) return undefined;
  const origin = embedderTarget(sid);
  if (!origin || (origin !== '*' && event.origin !== origin)) return undefined;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const msg = data as { type?: unknown; sid?: unknown; mid?: unknown };
  if (typeof msg.type !== 'string') return undefined;
  if (msg.sid !== undefined && msg.sid !== sid) return undefined;
  return msg as IncomingMessage & { mid?: unknown };
};
