'use client';
import { useState } from 'react';
import type { CardField } from '../../../domain/card';
import type { ViewSession } from '../../../domain/view-types';
import { useI18n } from '../../i18n/i18n-provider';
import { Alert } from '../../ui/alert';
import { deferredPart } from '../deferred-part';
import { PayButton } from '../pay-button';
import type { Payment } from '../payment-methods';
import type { FieldErrors } from '../use-payment';

// The card form and react-hook-form load at the shopper's first interaction, not with the page (ADR 038).
const CardForm = deferredPart(() => import('../card-form').then((m) => m.CardForm));

/** Loads the card form's code now: an express page loads react-hook-form for its address anyway (ADR 038). */
export const preloadCardForm = (): Promise<void> => CardForm.preload();

const CARD_FIELD: Record<string, CardField> = {
  'payment.card.number': 'number',
  'payment.card.expiry': 'expiry',
  'payment.card.cvc': 'cvc',
};

/** Card: a saved card (one click) when the merchant stored one for the customer, else the card form. */
export const CardMethod = ({ type, session, payment }: { type: string; session: ViewSession; payment: Payment }) => {
  const { t, money } = useI18n();
  const saved = session.token_provider ? [] : (session.customer?.saved_cards ?? []);
  const [useNew, setUseNew] = useState(saved.length === 0);
  const amount = money(session.amount_due, session.order.currency);
  const label = session.token_provider ? t('pay.save_card') : t('pay.pay_amount', { amount });
  const savedCard = saved[0];
  if (savedCard && !useNew) {
    return (
      <div className="space-y-3">
        {payment.alert ? <Alert tone="error">{payment.alert}</Alert> : null}
        <PayButton
          type="button"
          busy={payment.busy}
          onClick={() => void payment.pay({ payment_product_type: type, payment_token_id: savedCard.payment_token_id })}
        >
          {t('pay.saved_card', { last4: savedCard.masked_pan.slice(-4), amount })}
        </PayButton>
        <p className="text-center text-xs text-slate-600 dark:text-slate-400">
          {t('pay.saved_card_detail', { brand: savedCard.brand, expiry: savedCard.expiry_date })}
        </p>
        <button
          type="button"
          onClick={() => setUseNew(true)}
          className="w-full rounded text-center text-sm font-medium text-[var(--kassa-brand)] underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--kassa-brand)] dark:text-indigo-300"
        >
          {t('pay.use_other_card')}
        </button>
      </div>
    );
  }
  const onPay = async (card: Record<CardField, string>): Promise<{ fieldErrors?: FieldErrors; declined?: boolean }> => {
    const result = await payment.pay({ payment_product_type: type, card });
    const fieldErrors = (result.fieldErrors ?? []).flatMap((e) =>
      CARD_FIELD[e.path] ? [{ field: CARD_FIELD[e.path]!, message: e.message }] : [],
    );
    return { ...(fieldErrors.length ? { fieldErrors } : {}), ...(result.declined ? { declined: true } : {}) };
  };
  return <CardForm submitLabel={label} alert={payment.alert} onPay={onPay} />;
};
