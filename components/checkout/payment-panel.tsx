'use client';
import { Panel } from '../ui/panel';
import { formatMoney } from '../../domain/money';
import { Alert } from '../ui/alert';
import { CardForm } from './card-form';
import { GiftCardsPay } from './gift-cards-pay';
import { PaymentApproved } from './payment-approved';
import { isEmbedded, type ValidationResult } from './sdk-messages';
import type { ViewSession } from '../../domain/view-types';
import { usePayment } from './use-payment';

interface Props {
  sid: string;
  session: ViewSession;
  validate?: (session: ViewSession) => Promise<ValidationResult>;
  onNotPayable: () => void;
}

/** The card payment: the form until the payment is approved, then the confirmation. */
export const PaymentPanel = ({ sid, session, validate, onNotPayable }: Props) => {
  const { pay, payWithGiftCards, alert, approved } = usePayment({ sid, session, ...(validate ? { validate } : {}), onNotPayable });
  const merchantName = session.configuration.merchant.name;
  const savesCard = session.token_provider !== undefined;
  const giftCardsPayAll = (session.order.gift_cards?.length ?? 0) > 0 && session.amount_due === 0;
  if (approved) return <PaymentApproved merchantName={merchantName} redirectUrl={approved.redirectUrl} embedded={isEmbedded()} />;
  return (
    <Panel labelledBy="payment-heading">
      <div className="mb-4 flex items-center justify-between">
        <h2 id="payment-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          {savesCard ? 'Save your card' : giftCardsPayAll ? 'Pay with gift card' : 'Pay with card'}
        </h2>
        <CardBrands />
      </div>
      {session.pay_lock ? (
        <Alert tone="info" className="mb-3">
          The shop is updating your order. You can pay as soon as it is done.
        </Alert>
      ) : null}
      {giftCardsPayAll ? (
        <GiftCardsPay label={`Pay ${formatMoney(session.order.amount, session.order.currency)}`} alert={alert} onPay={payWithGiftCards} />
      ) : (
        <CardForm submitLabel={savesCard ? 'Save card' : `Pay ${formatMoney(session.amount_due, session.order.currency)}`} alert={alert} onPay={pay} />
      )}
      <p className="mt-3 text-center text-xs text-slate-500">
        {savesCard ? `Your card is saved for ${merchantName}; you are not charged now. ` : ''}Your card details are sent securely and never shared with {merchantName}.
      </p>
    </Panel>
  );
};

const CardBrands = () => (
  <div aria-hidden="true" className="flex gap-1.5">
    {['VISA', 'MC', 'AMEX'].map((b) => (
      <span key={b} className="rounded border border-slate-200 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-slate-500">
        {b}
      </span>
    ))}
  </div>
);
