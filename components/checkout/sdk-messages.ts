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
  | { type: 'ValidationResult'; success?: boolean; clientValidationError?: string };

export const isEmbedded = (): boolean => typeof window !== 'undefined' && window.parent !== window;

export const postToParent = (sid: string, type: OutgoingType, payload: Record<string, unknown> = {}): void => {
  if (!isEmbedded()) return;
  window.parent.postMessage({ ...payload, type, sid }, '*');
};

/** Accepts a message only from our parent frame, for our session (older SDKs omit `sid`). */
export const readIncoming = (event: MessageEvent, sid: string): (IncomingMessage & { mid?: unknown }) | undefined => {
  if (!isEmbedded() || event.source !== window.parent) return undefined;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const msg = data as { type?: unknown; sid?: unknown; mid?: unknown };
  if (typeof msg.type !== 'string') return undefined;
  if (msg.sid !== undefined && msg.sid !== sid) return undefined;
  return msg as IncomingMessage & { mid?: unknown };
};
