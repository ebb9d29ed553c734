'use client';
import { createContext, type MouseEvent, type ReactNode, useContext, useId, useMemo } from 'react';
import { expressNeed } from '../../domain/express-ready';
import type { ViewSession } from '../../domain/view-types';
import { useI18n } from '../i18n/i18n-provider';
import { focusStep, goToAddress, useEditingAddress } from './express/step-focus';

/**
 * Pay is held while an express order lacks what it needs (an address, a shipping option): the pay
 * buttons say what is missing beside them, and pressing one takes the shopper to it instead of paying
 * (issue 28). The payment panel provides it; PayButton and the card form read it.
 */
export interface PayHold {
  /** What is missing, e.g. "Enter your shipping address before you pay." */
  message: string;
  /** Takes the shopper to what is missing (focuses it). */
  go: () => void;
}

/**
 * The hold of a session's payment: while an express order lacks what the server needs to take the
 * payment (an address, then a shipping option), or while a change to the saved address is open.
 */
export const usePayHold = (session: ViewSession): PayHold | undefined => {
  const { t } = useI18n();
  const editingAddress = useEditingAddress();
  // a locked session cannot take an address either: the lock is what the page says (payment-panel.tsx)
  const need =
    !session.express || session.pay_lock
      ? undefined
      : (expressNeed(session) ?? (editingAddress ? 'address' : undefined));
  const addressMessage =
    session.express?.shipping_mode === 'shipping_not_required' ? t('pay.contact_required') : t('pay.address_required');
  // the same value while the need is the same: the card form's region, not running yet, must not see a change (ADR 038)
  return useMemo(() => {
    if (need === 'address') return { message: addressMessage, go: goToAddress };
    if (need === 'shipping_option')
      return { message: t('pay.shipping_required'), go: () => void focusStep('shipping') };
    return undefined;
  }, [need, addressMessage, t]);
};

const PayHoldContext = createContext<PayHold | undefined>(undefined);

export const PayHoldProvider = ({ hold, children }: { hold: PayHold | undefined; children: ReactNode }) => (
  <PayHoldContext.Provider value={hold}>{children}</PayHoldContext.Provider>
);

/**
 * For one pay button: the note to show beside it, and the button's props while held (described by the
 * note; a press, or Enter in the form, goes to what is missing instead of paying). Nothing when not held.
 */
export const useHeldPay = (): {
  note: ReactNode;
  button: { 'aria-describedby'?: string; onClick?: (e: MouseEvent<HTMLButtonElement>) => void };
} => {
  const hold = useContext(PayHoldContext);
  const id = useId();
  if (!hold) return { note: null, button: {} };
  return {
    note: (
      <p id={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {hold.message}
      </p>
    ),
    button: {
      'aria-describedby': id,
      onClick: (e) => {
        e.preventDefault(); // no form submit: the payment waits
        hold.go();
      },
    },
  };
};
