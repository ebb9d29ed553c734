'use client';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { Address, ViewSession } from '../../../domain/view-types';
import { CardField as Field } from '../card-field';
import { Spinner } from '../../ui/spinner';

const COUNTRIES: [string, string][] = [
  ['NO', 'Norway'],
  ['SE', 'Sweden'],
  ['DK', 'Denmark'],
  ['FI', 'Finland'],
  ['DE', 'Germany'],
  ['GB', 'United Kingdom'],
  ['NL', 'Netherlands'],
  ['US', 'United States'],
];

export interface AddressValues {
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
}

const initial = (session: ViewSession): AddressValues => {
  const a: Address = session.order.shipping_address ?? {};
  const c = session.customer ?? {};
  return {
    email: a.email ?? c.email ?? '',
    phone: a.phone_number ?? c.phone_number ?? '',
    firstName: a.first_name ?? c.first_name ?? '',
    lastName: a.last_name ?? c.last_name ?? '',
    address: a.address_line ?? '',
    postalCode: a.postal_code ?? '',
    city: a.postal_place ?? '',
    country: a.country ?? 'NO',
  };
};

export const toAddress = (v: AddressValues): Address => ({
  first_name: v.firstName.trim(),
  last_name: v.lastName.trim(),
  address_line: v.address.trim(),
  postal_code: v.postalCode.trim(),
  postal_place: v.city.trim(),
  country: v.country,
  email: v.email.trim(),
  phone_number: v.phone.replace(/[\s-]/g, ''),
});

const required = (what: string) => ({ validate: (v: string) => v.trim() !== '' || `Enter your ${what}` });

/** Contact details and shipping address; saving asks the shop for its shipping options. */
export const AddressStep = ({ session, busy, onSave }: { session: ViewSession; busy: boolean; onSave: (values: AddressValues) => Promise<void> }) => {
  const id = useId();
  const { register, handleSubmit, formState } = useForm<AddressValues>({ defaultValues: initial(session), mode: 'onSubmit' });
  const { errors } = formState;
  const field = (name: keyof AddressValues, label: string, { rules, ...input }: { rules?: { validate: (v: string) => true | string }; type?: string; autoComplete?: string } = {}) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]?.message} {...input} {...register(name, rules)} />
  );
  return (
    <form onSubmit={handleSubmit(onSave)} noValidate aria-label="Contact and address" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        {field('email', 'Email', { type: 'email', autoComplete: 'email', rules: { validate: (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) || 'Enter a valid email address' } })}
        {field('phone', 'Phone', {
          type: 'tel',
          autoComplete: 'tel',
          rules: { validate: (v: string) => /^\+?[1-9]\d{1,14}$/.test(v.replace(/[\s-]/g, '')) || 'Enter a phone number, e.g. +47 912 34 567' },
        })}
        {field('firstName', 'First name', { autoComplete: 'given-name', rules: required('first name') })}
        {field('lastName', 'Last name', { autoComplete: 'family-name', rules: required('last name') })}
      </div>
      {field('address', 'Address', { autoComplete: 'street-address', rules: required('street address') })}
      <div className="grid grid-cols-2 gap-3">
        {field('postalCode', 'Postal code', { autoComplete: 'postal-code', rules: required('postal code') })}
        {field('city', 'City', { autoComplete: 'address-level2', rules: required('city') })}
      </div>
      <div>
        <label htmlFor={`${id}-country`} className="block text-sm font-medium text-slate-700">
          Country
        </label>
        <select
          id={`${id}-country`}
          autoComplete="country"
          {...register('country')}
          className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100 focus:outline-none"
        >
          {COUNTRIES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        disabled={busy}
        className="flex w-full items-center justify-center gap-2 rounded-xl border border-indigo-600 px-4 py-2.5 font-semibold text-indigo-700 hover:bg-indigo-50 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-indigo-200 disabled:cursor-wait disabled:opacity-70"
      >
        {busy ? <Spinner /> : null}
        Continue
      </button>
    </form>
  );
};
