'use client';
import { useI18n } from '../../i18n/i18n-provider';
import { Alert } from '../../ui/alert';
import { kindOf } from '../method-kind';
import { methodName } from '../method-name';
import { PayButton } from '../pay-button';
import type { MethodFormProps } from '../payment-methods';
import { usePopOutLauncher } from './use-pop-out-launcher';

/**
 * A wallet (or any provider's own page, kind `redirect`): the customer approves on its page and comes
 * back here. Embedded with the SDK's pop-out, the SDK's button over ours opens the checkout in its own window instead.
 */
export const WalletMethod = ({ method, sid, session, payment }: MethodFormProps) => {
  const { t, money } = useI18n();
  const type = method.payment_product_type;
  const name = methodName(t, method);
  const label = t('wallet.continue', { name, amount: money(session.amount_due, session.order.currency) });
  const { launcher, anchor, state } = usePopOutLauncher(sid, label);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {kindOf(session, type) === 'redirect' ? t('wallet.explain_redirect', { name }) : t('wallet.explain')}
      </p>
      {payment.alert ? <Alert tone="error">{payment.alert}</Alert> : null}
      {state === 'open' ? <Alert tone="info">{t('wallet.popout_open', { name })}</Alert> : null}
      {state === 'failed' ? <Alert tone="error">{t('wallet.popout_failed')}</Alert> : null}
      {launcher ? (
        // The SDK draws the real button exactly here; this one only holds its place and look.
        <button
          ref={anchor}
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          className="flex h-12 w-full items-center justify-center rounded-xl bg-[var(--kassa-brand)] px-4 text-base font-semibold text-white"
        >
          {label}
        </button>
      ) : (
        <PayButton type="button" busy={payment.busy} onClick={() => void payment.pay({ payment_product_type: type })}>
          {label}
        </PayButton>
      )}
    </div>
  );
};
