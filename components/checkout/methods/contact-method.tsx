'use client';
import { NO_SCRIPT_FORM } from '../no-script';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import type { ViewSession } from '../../../domain/view-types';
import { useI18n } from '../../i18n/i18n-provider';
import { Alert } from '../../ui/alert';
import { TextField } from '../../ui/text-field';
import { getPaymentOperations, type FieldError, type InstallmentPlan } from '../api';
import { PayButton } from '../pay-button';
import type { Payment } from '../payment-methods';
import {
  CONTACT_COUNTRIES,
  contactDefaults,
  contactProblems,
  contactQuery,
  countryName,
  fieldMessage,
  fieldOfPath,
  type ContactValues,
} from './contact-rules';
import { InstallmentPlans } from './installment-plans';

/**
 * Invoice and installments: the details the lender asks for (email, phone, country, and the
 * organization number when buying for a business), checked by the server before paying; for
 * installments, then the plans to choose from.
 */
export const ContactMethod = ({
  type,
  kind,
  sid,
  session,
  payment,
}: {
  type: string;
  kind: 'invoice' | 'installment';
  sid: string;
  session: ViewSession;
  payment: Payment;
}) => {
  const { t, language, money } = useI18n();
  const id = useId();
  const [plans, setPlans] = useState<{ values: ContactValues; plans: InstallmentPlan[] }>();
  const [problem, setProblem] = useState<string>();
  const resolver = useMemo<Resolver<ContactValues>>(
    () => (values) => {
      const problems = contactProblems(values, language);
      const errors: FieldErrors<ContactValues> = {};
      for (const [field, p] of Object.entries(problems))
        errors[field as keyof ContactValues] = { type: 'rule', message: t(p.key, p.vars) };
      return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
    },
    [t, language],
  );
  const { register, handleSubmit, setError, control, formState } = useForm<ContactValues>({
    resolver,
    defaultValues: contactDefaults(session, language),
  });
  const { errors, isSubmitting } = formState;
  const business = useWatch({ control, name: 'business' });
  const busy = isSubmitting || payment.busy;
  const amount = money(session.amount_due, session.order.currency);

  /** The server's field errors on the fields they name, in the customer's language (never the server's text); true if any was shown. */
  const showServerErrors = (values: ContactValues, fieldErrors: FieldError[]): boolean => {
    let shown = false;
    for (const e of fieldErrors) {
      const field = fieldOfPath(e.path);
      if (!field) continue;
      const message = fieldMessage(field, values, language);
      setError(field, { type: 'server', message: t(message.key, message.vars) }, { shouldFocus: !shown });
      shown = true;
    }
    return shown;
  };

  const payWith = async (values: ContactValues, body: Parameters<Payment['pay']>[0]) => {
    const result = await payment.pay(body);
    if (!result.fieldErrors?.length) return;
    setPlans(undefined);
    if (!showServerErrors(values, result.fieldErrors)) setProblem(t('pay.invalid'));
  };

  const submit = handleSubmit(async (values) => {
    setProblem(undefined);
    const query = contactQuery(values);
    const checked = await getPaymentOperations(sid, type, { ...query, language }).catch(() => undefined);
    if (!checked) return setProblem(t('pay.network'));
    if (!checked.ok) {
      if (showServerErrors(values, checked.errors)) return;
      // nothing the customer can fix in a field: why the server refused (too many attempts: the way back to the shop)
      payment.refuse(checked.code);
      return;
    }
    if (kind === 'installment') return setPlans({ values, plans: checked.plans });
    await payWith(values, { payment_product_type: type, ...query });
  });

  if (plans) {
    return (
      <InstallmentPlans
        plans={plans.plans}
        currency={session.order.currency}
        busy={payment.busy}
        alert={payment.alert}
        onBack={() => setPlans(undefined)}
        onPay={(plan) =>
          void payWith(plans.values, {
            payment_product_type: type,
            ...contactQuery(plans.values),
            product: { id: plan },
          })
        }
      />
    );
  }
  return (
    <form
      {...NO_SCRIPT_FORM}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={t(kind === 'invoice' ? 'methods.invoice' : 'methods.installment')}
      className="space-y-3"
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t(kind === 'invoice' ? 'contact.invoice_explain' : 'contact.installment_explain')}
      </p>
      <fieldset disabled={busy} className="space-y-3">
        <TextField
          id={`${id}-email`}
          label={t('contact.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          id={`${id}-phone`}
          label={t('contact.phone')}
          type="tel"
          autoComplete="tel"
          hint={t('contact.phone_hint')}
          error={errors.phone_number?.message}
          {...register('phone_number')}
        />
        <div>
          <label htmlFor={`${id}-country`} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('contact.country')}
          </label>
          <select
            id={`${id}-country`}
            {...register('country')}
            className="mt-1 block w-full rounded-lg border border-[#8792a4] bg-white px-3 py-2.5 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--kassa-brand)] dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100"
          >
            {CONTACT_COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {countryName(c, language)}
              </option>
            ))}
          </select>
        </div>
        {kind === 'invoice' ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...register('business')} className="h-4 w-4 accent-[var(--kassa-brand)]" />
            {t('contact.business')}
          </label>
        ) : null}
        {business ? (
          <TextField
            id={`${id}-org`}
            label={t('contact.organization_number')}
            inputMode="numeric"
            error={errors.organization_number?.message}
            {...register('organization_number')}
          />
        ) : null}
      </fieldset>
      {problem || payment.alert ? <Alert tone="error">{problem ?? payment.alert}</Alert> : null}
      <PayButton busy={busy}>
        {kind === 'invoice' ? t('contact.pay_invoice', { amount }) : t('contact.see_plans')}
      </PayButton>
    </form>
  );
};
