'use client';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { CardInput } from '../../domain/card';
import type { ViewSession } from '../../domain/view-types';
import { paySession, type PayOutcome } from './api';
import { isEmbedded, postToParent, type ValidationResult } from './sdk-messages';

export const DECLINED_MESSAGE = 'Your card was declined. Try another card.';
const TEMPORARY_MESSAGE = 'The payment could not be processed. Please try again.';
const NETWORK_MESSAGE = 'We could not reach the payment service. Check your connection and try again.';

export interface PaymentDeps {
  sid: string;
  session: ViewSession;
  /** Set when the merchant asked to confirm the order before payment (embedded only). */
  validate?: (session: ViewSession) => Promise<ValidationResult>;
  /** Called when the server says the session can not be paid (any more). */
  onNotPayable: () => void;
}

export type FieldErrors = Extract<PayOutcome, { kind: 'invalid_card' }>['errors'];

/**
 * Pays the session and turns the answer into what the customer sees: an alert
 * they can act on, field errors, or the approval (then we leave for the shop).
 */
export const usePayment = ({ sid, session, validate, onNotPayable }: PaymentDeps) => {
  const [alert, setAlert] = useState<string>();
  const [approved, setApproved] = useState<{ transactionId: string; redirectUrl: string }>();
  const mutation = useMutation({ mutationFn: (card: CardInput | undefined) => paySession(sid, card) });

  const pay = async (card: CardInput | undefined): Promise<{ fieldErrors?: FieldErrors; declined?: boolean }> => {
    setAlert(undefined);
    if (validate && isEmbedded()) {
      const result = await validate(session);
      if (!result.success) {
        setAlert(result.clientValidationError || 'The shop could not confirm your order. Please try again.');
        return {};
      }
    }
    let outcome: PayOutcome;
    try {
      outcome = await mutation.mutateAsync(card);
    } catch {
      setAlert(NETWORK_MESSAGE);
      return {};
    }
    switch (outcome.kind) {
      case 'approved': {
        setApproved(outcome);
        const merchantReference = session.order.merchant_reference;
        if (isEmbedded()) {
          postToParent(sid, outcome.onHold ? 'SessionPaymentOnHold' : 'SessionPaymentAuthorized', {
            transaction_id: outcome.transactionId,
            merchant_reference: merchantReference,
            href: outcome.redirectUrl,
          });
        } else {
          window.location.assign(outcome.redirectUrl);
        }
        return {};
      }
      case 'declined':
        // Not a final event: the customer may try another card, so the SDK is not told.
        setAlert(outcome.temporary ? TEMPORARY_MESSAGE : DECLINED_MESSAGE);
        return { declined: true };
      case 'invalid_card':
        if (outcome.errors.length === 0) setAlert('The card details are not valid.');
        return { fieldErrors: outcome.errors };
      case 'not_payable':
        setAlert(outcome.message);
        onNotPayable();
        return {};
    }
  };

  /** The gift cards pay the whole order: no card. */
  const payWithGiftCards = () => pay(undefined);

  return { pay, payWithGiftCards, alert, approved };
};
