'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CardField } from '../../domain/card';
import type { ErrorCode } from '../../domain/error-codes';
import type { ViewSession } from '../../domain/view-types';
import { useI18n } from '../i18n/i18n-provider';
import { getPaymentOperations, paySession, type FieldError, type PaymentBody, type PayOutcome } from './api';
import { kindOf } from './method-kind';
import { declinedKey, ORDER_REFUSALS, PAY_ATTEMPTS_EXHAUSTED, payRefusalKey } from './payment-errors';
import { failedReturnLink } from './return-link';
import { isEmbedded, postToParent, type ValidationResult } from './sdk-messages';
import { payingKey } from './use-view-session';

export interface PaymentDeps {
  sid: string;
  session: ViewSession;
  /** Set when the merchant asked to confirm the order before payment (embedded only). */
  validate?: (session: ViewSession) => Promise<ValidationResult>;
  /** Called when the server says the session can not be paid (any more). */
  onNotPayable: () => void;
}

/** Card field errors as the card form shows them. */
export type FieldErrors = { field: CardField; message: string }[];

export interface PayResult {
  fieldErrors?: FieldError[];
  declined?: boolean;
}

/** This page's address without the parameters of an earlier return, for coming back after a payment page. */
const backPath = (): string => {
  const url = new URL(window.location.href);
  url.searchParams.delete('payment');
  url.searchParams.delete('payment_error');
  return `${url.pathname}${url.search}`;
};

const withBack = (redirectUrl: string): string => {
  const url = new URL(redirectUrl, window.location.href);
  url.searchParams.set('back', backPath());
  return url.toString();
};

/**
 * Pays the session and turns the answer into what the customer sees: an alert they can act on,
 * field errors, a page to confirm on (3-D Secure, wallet), or the approval (then we leave for the shop).
 */
export const usePayment = ({ sid, session, validate, onNotPayable }: PaymentDeps) => {
  const { t } = useI18n();
  const [alert, setAlert] = useState<string>();
  /** The order's version (updated_at) an alert about the order was about: it shows only while the order is that. */
  const [alertOrder, setAlertOrder] = useState<string>();
  const [approved, setApproved] = useState<{ transactionId: string; redirectUrl: string; onHold: boolean }>();
  /** Set when the payment cannot go on (every attempt refused for a while): the way back to the shop. */
  const [stopped, setStopped] = useState<{ href: string | undefined }>();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationKey: payingKey(sid),
    mutationFn: async (payment: PaymentBody): Promise<PayOutcome> => {
      // a read of the session already on its way may be answered while this payment runs: its answer is dropped
      await client.cancelQueries({ queryKey: ['view-session', sid] });
      const first = await paySession(sid, payment);
      if (first.kind !== 'in_progress') return first;
      // An earlier attempt waits for a page the customer left (3-D Secure, wallet): start anew.
      await getPaymentOperations(sid, payment.payment_product_type, { force_new: 'true' });
      return paySession(sid, payment);
    },
  });

  /**
   * The server refused to take the payment (`error.code`). Too many declined or failed attempts: no
   * attempt can succeed for a while, so the customer is offered the way back to the shop and the
   * embedding SDK gets the final SessionPaymentError. Otherwise the message, and the session is reloaded.
   */
  const refuse = (code: ErrorCode | undefined): void => {
    if (code === PAY_ATTEMPTS_EXHAUSTED) {
      const href = failedReturnLink(session);
      setStopped({ href });
      if (isEmbedded())
        postToParent(sid, 'SessionPaymentError', {
          error: 'failed',
          ...(href ? { href } : {}),
          merchant_reference: session.order.merchant_reference,
        });
      return;
    }
    setAlert(t(payRefusalKey(code)));
    setAlertOrder(code && ORDER_REFUSALS.has(code) ? session.updated_at : undefined);
    onNotPayable();
  };

  const pay = async (payment: PaymentBody): Promise<PayResult> => {
    setAlert(undefined);
    setAlertOrder(undefined);
    setStopped(undefined);
    if (validate && isEmbedded()) {
      const result = await validate(session);
      if (!result.success) {
        setAlert(result.clientValidationError || t('pay.not_confirmed'));
        return {};
      }
    }
    let outcome: PayOutcome;
    try {
      outcome = await mutation.mutateAsync(payment);
    } catch {
      setAlert(t('pay.network'));
      return {};
    }
    switch (outcome.kind) {
      case 'approved': {
        setApproved(outcome);
        if (isEmbedded()) {
          postToParent(sid, outcome.onHold ? 'SessionPaymentOnHold' : 'SessionPaymentAuthorized', {
            transaction_id: outcome.transactionId,
            merchant_reference: session.order.merchant_reference,
            href: outcome.redirectUrl,
          });
        } else {
          window.location.assign(outcome.redirectUrl);
        }
        return {};
      }
      case 'redirect':
        // a payment being confirmed comes back to this page itself, which needs no way back to itself
        window.location.assign(outcome.confirming ? outcome.redirectUrl : withBack(outcome.redirectUrl));
        return {};
      case 'declined':
        // Not a final event: the customer may try again, so the SDK is not told.
        setAlert(t(declinedKey(outcome, kindOf(session, payment.payment_product_type) === 'card')));
        return { declined: true };
      case 'invalid':
        if (outcome.errors.length === 0) setAlert(t('pay.invalid'));
        return { fieldErrors: outcome.errors };
      case 'in_progress':
      case 'not_payable':
        refuse(outcome.kind === 'not_payable' ? outcome.code : undefined);
        return {};
    }
  };

  const shownAlert = alertOrder !== undefined && alertOrder !== session.updated_at ? undefined : alert;
  return { pay, refuse, alert: shownAlert, stopped, approved, busy: mutation.isPending };
};
