'use client';
import { type ChangeEvent, useId } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Alert } from '../ui/alert';
import { Spinner } from '../ui/spinner';
import { CardField } from './card-field';
import { type CardFormValues, cardFormResolver, formatCardNumber, formatExpiry } from './card-schema';
import type { FieldErrors } from './use-payment';

interface Props {
  /** The button's text, e.g. "Pay 100.00 NOK" or "Save card". */
  submitLabel: string;
  alert?: string;
  onPay: (card: CardFormValues) => Promise<{ fieldErrors?: FieldErrors; declined?: boolean }>;
}

/** Reformats the value as the customer types, then hands it to react-hook-form. */
const formatted = (reg: UseFormRegisterReturn, format: (v: string) => string) => ({
  ...reg,
  onChange: (e: ChangeEvent<HTMLInputElement>) => {
    e.target.value = format(e.target.value);
    return reg.onChange(e);
  },
});

export const CardForm = ({ submitLabel, alert, onPay }: Props) => {
  const id = useId();
  const { register, handleSubmit, setError, setFocus, resetField, formState } = useForm<CardFormValues>({
    resolver: cardFormResolver,
    defaultValues: { number: '', expiry: '', cvc: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    const result = await onPay(values);
    for (const e of result.fieldErrors ?? []) setError(e.field, { type: 'server', message: e.message }, { shouldFocus: true });
    if (result.declined) {
      resetField('cvc');
      setFocus('number');
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Card payment" className="space-y-4">
      <CardField
        id={`${id}-number`}
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        error={errors.number?.message}
        {...formatted(register('number'), formatCardNumber)}
      />
      <div className="grid grid-cols-2 gap-4">
        <CardField
          id={`${id}-expiry`}
          label="Expiry date"
          hint="MM/YY"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={5}
          error={errors.expiry?.message}
          {...formatted(register('expiry'), formatExpiry)}
        />
        <CardField
          id={`${id}-cvc`}
          label="Security code"
          hint="3 or 4 digits"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          error={errors.cvc?.message}
          {...register('cvc')}
        />
      </div>
      {alert ? <Alert tone="error">{alert}</Alert> : null}
      <button
        type="submit"
        disabled={isSubmitting}
        className="flex w-full items-center justify-center gap-2 rounded-xl bg-indigo-600 px-4 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-indigo-700 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-indigo-200 disabled:cursor-wait disabled:opacity-70"
      >
        {isSubmitting ? <Spinner /> : <LockIcon />}
        <span>{submitLabel}</span>
      </button>
    </form>
  );
};

const LockIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
    <path
      fillRule="evenodd"
      d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
      clipRule="evenodd"
    />
  </svg>
);
