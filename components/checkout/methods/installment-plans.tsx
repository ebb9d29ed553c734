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

/**
 * The lender's plans as radios, each with what a shopper needs to compare them (issue 28 item 8): the monthly
 * amount and term, the nominal and the effective rate (APR, every fee counted), the fees (setup and monthly),
 * the first payment when it differs, and the total to pay. Paying takes the chosen one.
 */
export const InstallmentPlans = ({ plans, currency, busy, alert, onBack, onPay }: Props) => {
  const { t, money, locale } = useI18n();
  const name = useId();
  const percent = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const rate = (r: number) => percent.format(r);
  const [chosen, setChosen] = useState(plans[0]?.id);
  const plan = plans.find((p) => p.id === chosen);
  return (
    <div className="space-y-3">
      <fieldset disabled={busy}>
        <legend className="text-sm font-semibold">{t('installment.choose')}</legend>
        <ul className="mt-2 space-y-2">
          {plans.map((p) => {
            const setup = p.origination_fee ?? 0;
            const monthlyFee = p.notification_fee ?? 0;
            const campaign = p.campaign_fee ?? 0;
            const fees = setup + monthlyFee * p.credit_time + campaign;
            const nominal = p.annual_interest_rate ?? 0;
            const effective = p.effective_annual_interest_rate;
            const first = p.first_monthly_amount;
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
                      {p.type === 'interest_free' && nominal === 0
                        ? t('installment.interest_free')
                        : t('installment.interest', { rate: rate(nominal) })}
                      {effective !== undefined
                        ? ` · ${t('installment.effective_rate', { rate: rate(effective) })}`
                        : null}
                    </span>
                    <span className="block text-slate-700 dark:text-slate-300">
                      {fees === 0
                        ? t('installment.no_fees')
                        : campaign === 0
                          ? t('installment.fees_detail', {
                              amount: money(fees, currency),
                              setup: money(setup, currency),
                              monthly: money(monthlyFee, currency),
                            })
                          : t('installment.fees', { amount: money(fees, currency) })}
                    </span>
                    {first !== undefined && first !== p.monthly_amount ? (
                      <span className="block text-slate-700 dark:text-slate-300">
                        {t('installment.first_payment', { amount: money(first, currency) })}
                      </span>
                    ) : null}
                    <span className="block font-semibold">
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
