'use client';
import { NO_SCRIPT_FORM } from '../no-script';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { addressComplete } from '../../../domain/express-ready';
import type { ViewSession } from '../../../domain/view-types';
import { CardField as Field } from '../card-field';
import { Spinner } from '../../ui/spinner';
import { useI18n } from '../../i18n/i18n-provider';
import type { Translate } from '../../i18n/translate';
import { AddressSummary } from './address-summary';
import { type AddressValues, initialAddressValues } from './address-values';
import { setEditingAddress } from './step-focus';

const COUNTRIES = ['NO', 'SE', 'DK', 'FI', 'DE', 'GB', 'NL', 'US'] as const;

/** The country as a select of ISO codes (the value sent is the code). */
const CountrySelect = ({
  id,
  label,
  registration,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
}) => {
  const { language } = useI18n();
  const names = new Intl.DisplayNames([language], { type: 'region' });
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <select
        id={id}
        autoComplete="country"
        aria-required
        {...registration}
        className="mt-1.5 block w-full rounded-lg border border-[#8792a4] bg-white px-3 py-2.5 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#3730a3] dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100"
      >
        {COUNTRIES.map((code) => (
          <option key={code} value={code}>
            {names.of(code) ?? code}
          </option>
        ))}
      </select>
    </div>
  );
};

const required = (message: string) => ({ validate: (v: unknown) => String(v).trim() !== '' || message });

type Field = 'first_name' | 'last_name' | 'street' | 'postal_code' | 'city';
const requiredKey = (t: Translate, field: Field, billing = false) =>
  t(billing ? 'express.error_billing_required' : 'express.error_required', { field: t(`express.what_${field}`) });

type Rules = { validate: (v: unknown) => true | string };

/** The form: every field it shows is required (so marked), the first missing one is focused on Continue. */
const AddressForm = ({
  session,
  busy,
  focusFirst,
  onSave,
}: {
  session: ViewSession;
  busy: boolean;
  /** Opened with "Change": the focus goes to its first field. */
  focusFirst: boolean;
  onSave: (values: AddressValues) => Promise<unknown>;
}) => {
  const id = useId();
  const { t } = useI18n();
  const { register, handleSubmit, formState, control, setFocus } = useForm<AddressValues>({
    defaultValues: initialAddressValues(session),
    mode: 'onSubmit',
  });
  useEffect(() => {
    if (focusFirst) setFocus('email');
  }, [focusFirst, setFocus]);
  const allowBilling = session.configuration.allow_different_billing_shipping_address === true;
  const billing = useWatch({ control, name: 'differentBilling' }) && allowBilling;
  // billing rules apply only while the customer asks for a separate billing address
  const billingRequired = (field: Field): Rules => ({
    validate: (v: unknown) => !billing || String(v).trim() !== '' || requiredKey(t, field, true),
  });
  const need = (field: Field) => required(requiredKey(t, field));
  const { errors } = formState;
  const field = (
    name: keyof AddressValues,
    label: string,
    { rules, ...input }: { rules: Rules; type?: string; autoComplete?: string },
  ) => (
    <Field
      id={`${id}-${name}`}
      label={label}
      error={errors[name]?.message}
      aria-required
      {...input}
      {...register(name, rules)}
    />
  );
  return (
    <form
      {...NO_SCRIPT_FORM}
      data-express-address="" // step-focus.ts ADDRESS_FORM_ATTRIBUTE: Pay submits this form when the address is missing
      onSubmit={(e) => {
        // one save at a time; the button is aria-disabled meanwhile, not disabled (that would drop the focus)
        if (busy) e.preventDefault();
        else void handleSubmit(onSave)(e);
      }}
      noValidate
      aria-label={t('express.contact_and_delivery')}
      className="space-y-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {field('email', t('express.email'), {
          type: 'email',
          autoComplete: 'email',
          rules: {
            validate: (v: unknown) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(v).trim()) || t('express.error_email'),
          },
        })}
        {field('phone', t('express.phone'), {
          type: 'tel',
          autoComplete: 'tel',
          rules: {
            validate: (v: unknown) =>
              /^\+?[1-9]\d{1,14}$/.test(String(v).replace(/[\s-]/g, '')) || t('express.error_phone'),
          },
        })}
        {field('firstName', t('express.first_name'), { autoComplete: 'given-name', rules: need('first_name') })}
        {field('lastName', t('express.last_name'), { autoComplete: 'family-name', rules: need('last_name') })}
      </div>
      {/* one line of street address: address-line1 (street-address is the whole address, for a textarea) */}
      {field('address', t('express.address'), { autoComplete: 'address-line1', rules: need('street') })}
      <div className="grid grid-cols-2 gap-3">
        {field('postalCode', t('express.postal_code'), { autoComplete: 'postal-code', rules: need('postal_code') })}
        {field('city', t('express.city'), { autoComplete: 'address-level2', rules: need('city') })}
      </div>
      <CountrySelect id={`${id}-country`} label={t('express.country')} registration={register('country')} />
      {allowBilling ? (
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          <input type="checkbox" {...register('differentBilling')} className="h-4 w-4 accent-indigo-600" />
          {t('express.different_billing')}
        </label>
      ) : null}
      {billing ? (
        <fieldset className="space-y-3 rounded-xl border border-slate-200 dark:border-slate-700 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-700 dark:text-slate-200">
            {t('express.billing_address')}
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {field('billingFirstName', t('express.billing_first_name'), {
              autoComplete: 'billing given-name',
              rules: billingRequired('first_name'),
            })}
            {field('billingLastName', t('express.billing_last_name'), {
              autoComplete: 'billing family-name',
              rules: billingRequired('last_name'),
            })}
          </div>
          {field('billingAddress', t('express.billing_address_line'), {
            autoComplete: 'billing address-line1',
            rules: billingRequired('street'),
          })}
          <div className="grid grid-cols-2 gap-3">
            {field('billingPostalCode', t('express.billing_postal_code'), {
              autoComplete: 'billing postal-code',
              rules: billingRequired('postal_code'),
            })}
            {field('billingCity', t('express.billing_city'), {
              autoComplete: 'billing address-level2',
              rules: billingRequired('city'),
            })}
          </div>
          <CountrySelect
            id={`${id}-billing-country`}
            label={t('express.billing_country')}
            registration={register('billingCountry')}
          />
        </fieldset>
      ) : null}
      <button
        type="submit"
        aria-disabled={busy}
        className="flex w-full items-center justify-center gap-2 rounded-xl border border-indigo-600 px-4 py-2.5 font-semibold text-indigo-700 dark:text-indigo-300 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#3730a3] dark:focus-visible:outline-[#c7d2fe] aria-disabled:cursor-wait aria-disabled:opacity-70"
      >
        {busy ? <Spinner /> : null}
        {t('express.continue')}
      </button>
    </form>
  );
};

/**
 * Contact details and shipping address; saving asks the shop for its shipping options. Once saved,
 * the step folds into one line ("Ship to Kari Nordmann, Storgata 1, 0150 Oslo, Norway") with "Change".
 * `onSave` calls `saved` once the address is saved (by it, or by a "Try again" of it).
 */
export const AddressStep = ({
  session,
  busy,
  needsShipping,
  onSave,
}: {
  session: ViewSession;
  busy: boolean;
  needsShipping: boolean;
  onSave: (values: AddressValues, saved: () => void) => Promise<unknown>;
}) => {
  const [editing, setEditing] = useState(false);
  const saved = session.order.shipping_address;
  const hasSaved = saved !== undefined;
  // Pay waits while a saved address is open for a change (it would pay with the address before the change)
  useEffect(() => {
    setEditingAddress(editing && hasSaved);
  }, [editing, hasSaved]);
  useEffect(() => () => setEditingAddress(false), []);
  if (!editing && addressComplete(saved))
    return (
      <AddressSummary
        session={session}
        address={saved}
        needsShipping={needsShipping}
        onChange={() => setEditing(true)}
      />
    );
  return (
    <AddressForm
      session={session}
      busy={busy}
      focusFirst={editing}
      onSave={(values) => onSave(values, () => setEditing(false))}
    />
  );
};
