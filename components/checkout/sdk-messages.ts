/**
 * The messages between the hosted checkout and the web SDK that embeds it
 * (see docs on the SDK protocol in /work/shared/notes/compat.md). Every message
 * we post carries `type` and `sid`; we post only when we are inside a frame.
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
const popOutOpener = (): Window | undefined => (sdkRole() === 'pop_out_payment' && window.opener ? (window.opener as Window) : undefined);

/** Inside the SDK's iframe, or its pop-out window: the SDK, not this page, decides where to go after a final event. */
export const isEmbedded = (): boolean => typeof window !== 'undefined' && (window.parent !== window || popOutOpener() !== undefined);

export const postToParent = (sid: string, type: OutgoingType, payload: Record<string, unknown> = {}): void => {
  if (typeof window === 'undefined') return;
  const opener = popOutOpener();
  if (opener) return opener.postMessage({ ...payload, type, sid, context: 'popOut' }, '*');
  if (window.parent !== window) window.parent.postMessage({ ...payload, type, sid }, '*');
};

/** Accepts a message only from our parent frame, for our session (older SDKs omit `sid`). */
export const readIncoming = (event: MessageEvent, sid: string): (IncomingMessage & { mid?: unknown }) | undefined => {
  const from = popOutOpener() ?? (window.parent !== window ? window.parent : undefined);
  if (!from || event.source !== from) return undefined;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const msg = data as { type?: unknown; sid?: unknown; mid?: unknown };
  if (typeof msg.type !== 'string') return undefined;
  if (msg.sid !== undefined && msg.sid !== sid) return undefined;
  return msg as IncomingMessage & { mid?: unknown };
};
