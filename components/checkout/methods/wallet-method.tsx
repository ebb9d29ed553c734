'use client';
import type { ViewSession } from '../../../domain/view-types';
import { useI18n } from '../../i18n/i18n-provider';
import { Alert } from '../../ui/alert';
import { PayButton } from '../pay-button';
import type { Payment } from '../payment-methods';

/** The sandbox wallet: the customer approves on the wallet's page and comes back here. */
export const WalletMethod = ({ session, payment }: { session: ViewSession; payment: Payment }) => {
  const { t, money } = useI18n();
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('wallet.explain')}</p>
      {payment.alert ? <Alert tone="error">{payment.alert}</Alert> : null}
      <PayButton type="button" busy={payment.busy} onClick={() => void payment.pay({ payment_product_type: 'sandbox.wallet' })}>
        {t('wallet.continue', { amount: money(session.amount_due, session.order.currency) })}
      </PayButton>
    </div>
  );
};
