'use client';
import { GIFT_CARDS_TYPE, type ViewSession } from '../../domain/view-types';
import { useI18n } from '../i18n/i18n-provider';
import { Alert } from '../ui/alert';
import { Panel } from '../ui/panel';
import { GiftCardsPay } from './gift-cards-pay';
import type { CheckoutOptions } from './options';
import { PaymentMethods, type MethodChoice } from './payment-methods';
import { NOT_COMPLETED, returnedErrorKey } from './payment-errors';
import { isEmbedded, type ValidationResult } from './sdk-messages';
import { usePayment } from './use-payment';
import { useCallback, useEffect, useRef } from 'react';
import { lazyPart } from './lazy-part';
import { PayHoldProvider, usePayHold } from './pay-hold';
import { FOCUS_RING } from './card-field';

// The confirmation loads while the payment is under way (ADR 018).
const PaymentApproved = lazyPart(() => import('./payment-approved').then((m) => m.PaymentApproved));

type Props = MethodChoice & {
  returned: CheckoutOptions['returnedPayment'];
  validate?: (session: ViewSession) => Promise<ValidationResult>;
  onNotPayable: () => void;
};

/** The payment: the chosen type's form until the payment is approved, then the confirmation. */
export const PaymentPanel = ({
  sid,
  session,
  methods,
  activeType,
  onSelectType,
  returned,
  validate,
  onNotPayable,
}: Props) => {
  const { t, money } = useI18n();
  const payment = usePayment({ sid, session, ...(validate ? { validate } : {}), onNotPayable });
  const merchantName = session.configuration.merchant.name;
  const savesCard = session.token_provider !== undefined;
  const giftCardsPayAll = (session.order.gift_cards?.length ?? 0) > 0 && session.amount_due === 0;
  useEffect(() => {
    if (payment.busy) void PaymentApproved.preload();
  }, [payment.busy]);
  const hold = usePayHold(session);
  // Back from a failed 3-D Secure check (or wallet): the focus goes to the error, once (not when it shows again)
  const returnedFocused = useRef(false);
  const focusReturnedError = useCallback((box: HTMLDivElement | null) => {
    if (!box || returnedFocused.current) return;
    returnedFocused.current = true;
    box.focus();
  }, []);
  if (payment.approved)
    return (
      <PaymentApproved
        merchantName={merchantName}
        redirectUrl={payment.approved.redirectUrl}
        embedded={isEmbedded()}
        onHold={payment.approved.onHold}
      />
    );
  // `payment=confirming` on a session that can be paid again: the payment being confirmed ended unpaid before the page loaded
  const returnedCode = returned?.error ?? (returned?.confirming ? NOT_COMPLETED : undefined);
  const returnedError =
    returnedCode && !payment.alert && !payment.stopped ? t(returnedErrorKey(returnedCode)) : undefined;
  const panel = (
    <Panel labelledBy="payment-heading">
      <h2 id="payment-heading" className="mb-3 text-base font-semibold">
        {savesCard ? t('pay.save_heading') : t('pay.heading')}
      </h2>
      <noscript>
        <p className="mb-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {t('checkout.javascript_required')}
        </p>
      </noscript>
      {returnedError ? (
        <div ref={focusReturnedError} tabIndex={-1} className={`mb-3 rounded-xl ${FOCUS_RING}`}>
          <Alert tone="error">{returnedError}</Alert>
        </div>
      ) : null}
      {payment.stopped ? (
        <Alert tone="error" className="mb-3">
          <p data-testid="pay-stopped">{t('pay.too_many_attempts')}</p>
          {payment.stopped.href ? (
            <a
              href={payment.stopped.href}
              target="_top"
              className="mt-2 inline-block rounded font-semibold underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800"
            >
              {t('unavailable.return')}
            </a>
          ) : null}
        </Alert>
      ) : null}
      {giftCardsPayAll ? (
        <GiftCardsPay
          label={t('pay.pay_amount', { amount: money(session.order.amount, session.order.currency) })}
          alert={payment.alert}
          busy={payment.busy}
          onPay={() => payment.pay({ payment_product_type: GIFT_CARDS_TYPE })}
        />
      ) : (
        <PaymentMethods
          sid={sid}
          session={session}
          methods={methods}
          activeType={activeType}
          onSelectType={onSelectType}
          payment={payment}
        />
      )}
      <p className="mt-3 text-center text-xs text-slate-600 dark:text-slate-400">
        {savesCard ? `${t('pay.save_note', { merchant: merchantName })} ` : ''}
        {t('pay.secure_note', { merchant: merchantName })}
      </p>
      {/* the merchant's own terms, when it gives them (a profile's are the session's): nothing is made up without */}
      {session.url.merchant_terms_url ? (
        <p className="mt-2 text-center text-xs">
          <a
            href={session.url.merchant_terms_url}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded font-medium text-slate-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--kassa-brand)] dark:text-slate-300"
          >
            {t('pay.terms')}
          </a>
        </p>
      ) : null}
    </Panel>
  );
  return <PayHoldProvider hold={hold}>{panel}</PayHoldProvider>;
};
