'use client';
import { useEffect, useRef } from 'react';
import { lockSession } from './api';
import { type IncomingMessage, postToParent, readIncoming, type ValidationResult } from './sdk-messages';

/** The SDK's pop-out lifecycle, re-dispatched on `window` for the wallet's launcher button. */
export const POP_OUT_EVENT = 'kassa:popout';

export interface SdkHandlers {
  onRefreshSession: () => void;
  onSetLanguage: (language: string) => void;
  onSetActivePaymentProductType: (paymentProductType: string | undefined) => void;
  onValidationResult: (result: ValidationResult) => void;
  /** The session was locked for the merchant (LockSession): editing and paying stop before the session is read again. */
  onLocked: (payLockId: string) => void;
}

/** Listens for the SDK's messages from the parent frame and answers them. */
export const useSdkBridge = (sid: string, handlers: SdkHandlers): void => {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const msg = readIncoming(event, sid);
      if (!msg) return;
      if (msg.mid !== undefined) postToParent(sid, 'Ack', { ack: msg.mid });
      dispatch(sid, msg, ref.current);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [sid]);
};

const dispatch = (sid: string, msg: IncomingMessage, h: SdkHandlers): void => {
  switch (msg.type) {
    case 'RefreshSession':
      return h.onRefreshSession();
    case 'SetLanguage':
      if (msg.language) h.onSetLanguage(msg.language);
      return;
    case 'SetActivePaymentProductType':
      return h.onSetActivePaymentProductType(msg.payment_product_type);
    case 'ValidationResult':
      return h.onValidationResult({
        success: msg.success === true,
        ...(msg.clientValidationError ? { clientValidationError: msg.clientValidationError } : {}),
      });
    case 'OpenedPopOut':
    case 'ClosedPopOut':
    case 'OpenPopOutFailed':
    case 'ValidatingPopOut':
      window.dispatchEvent(new CustomEvent(POP_OUT_EVENT, { detail: msg.type }));
      if (msg.type === 'ClosedPopOut') h.onRefreshSession();
      return;
    case 'LockSession':
      // Express sessions can be locked while the merchant updates them; anything else fails at once,
      // so the merchant's lockSession() never hangs.
      void lockSession(sid).then((payLockId) => {
        if (payLockId) {
          h.onLocked(payLockId);
          postToParent(sid, 'SessionLocked', { pay_lock_id: payLockId });
        } else postToParent(sid, 'SessionLockFailed');
        h.onRefreshSession();
      });
      return;
  }
};
