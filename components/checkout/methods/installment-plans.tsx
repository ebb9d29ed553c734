'use client';
import { useId, useState } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { Alert } from '../../ui/alert';
import type { InstallmentPlan } from '../api';
import { PayButton } from '../pay-button';

interface Props {
  plans: InstallmentPlan[];
  currency: string;
  busy: boolean;
  alert?: string;
  onBack: () => void;
  onPay: (planId: string) => void;
}

/** The lender's plans (term, monthly amount, fees, total) as radios; paying takes the chosen one. */
export const InstallmentPlans = ({ plans, currency, busy, alert, onBack, onPay }: Props) => {
  const { t, money } = useI18n();
  const name = useId();
  const [chosen, setChosen] = useState(plans[0]?.id);
  const plan = plans.find((p) => p.id === chosen);
  return (
    <div className="space-y-3">
      <fieldset disabled={busy}>
        <legend className="text-sm font-semibold">{t('installment.choose')}</legend>
        <ul className="mt-2 space-y-2">
          {plans.map((p) => {
            const fees = (p.origination_fee ?? 0) + (p.notification_fee ?? 0) * p.credit_time + (p.campaign_fee ?? 0);
            return (
              <li key={p.id}>
                <label className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-[var(--kassa-brand)] has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-[var(--kassa-brand)] dark:border-slate-600">
                  <input
                    type="radio"
                    name={name}
                    value={p.id}
                    checked={chosen === p.id}
                    onChange={() => setChosen(p.id)}
                    className="mt-1 h-4 w-4 accent-[var(--kassa-brand)] focus-visible:outline-none"
                  />
                  <span className="flex-1 text-sm">
                    <span className="block font-semibold">
                      {t('installment.monthly', { amount: money(p.monthly_amount, currency), months: p.credit_time })}
                    </span>
                    <span className="block text-slate-700 dark:text-slate-300">
                      {t(p.type === 'interest_free' ? 'installment.interest_free' : 'installment.interest', {
                        rate: (p.effective_annual_interest_rate ?? p.annual_interest_rate ?? 0).toFixed(2),
                      })}
                      {' · '}
                      {t('installment.fees', { amount: money(fees, currency) })}
                    </span>
                    <span className="block text-slate-700 dark:text-slate-300">
                      {t('installment.total', { amount: money(p.total_amount, currency) })}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {alert ? <Alert tone="error">{alert}</Alert> : null}
      <PayButton type="button" busy={busy} onClick={() => plan && onPay(plan.id)}>
        {plan
          ? t('installment.pay', { amount: money(plan.monthly_amount, currency), months: plan.credit_time })
          : t('installment.choose')}
      </PayButton>
      <button
        type="button"
        onClick={onBack}
        className="w-full rounded text-center text-sm font-medium underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--kassa-brand)]"
      >
        {t('installment.back')}
      </button>
    </div>
  );
};
