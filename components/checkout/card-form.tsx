'use client';
import { NO_SCRIPT_FORM } from './no-script';
import { type ChangeEvent, useCallback, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { BRAND_SPECS, detectBrand, type CardField as Field } from '../../domain/card';
import { editCardNumber, editExpiry, type Edited, formatCvc } from '../../domain/card-format';
import { useI18n } from '../i18n/i18n-provider';
import { Alert } from '../ui/alert';
import { Spinner } from '../ui/spinner';
import { CardBrandMarks, FieldBrandMark } from './card-brand-marks';
import { CardErrorSummary, type SummaryError } from './card-error-summary';
import { CardField, FOCUS_RING } from './card-field';
import { BRAND_NAME_KEYS, type CardFormValues, cardErrorMessage, cardFormResolver } from './card-schema';
import { useHeldPay } from './pay-hold';
import type { FieldErrors } from './use-payment';

export interface CardFormProps {
  /** The button's text, e.g. "Pay 100.00 NOK" or "Save card". */
  submitLabel: string;
  /** The button's text while paying; "Processing payment…" when not given. */
  busyLabel?: string;
  /** A message about the last attempt (declined, network), shown above the button. */
  alert?: string;
  /** Pays; field errors come back from the server with the domain's `code` when it sends one. */
  onPay: (card: CardFormValues) => Promise<{ fieldErrors?: FieldErrors; declined?: boolean }>;
}

const FIELDS: readonly Field[] = ['number', 'expiry', 'cvc'];

/** The server's field error may carry the domain problem's code; without one the form says "check this field". */
const codeOf = (e: FieldErrors[number]): string => ('code' in e && typeof e.code === 'string' ? e.code : 'server');

const inputTypeOf = (e: ChangeEvent<HTMLInputElement>): string | undefined =>
  'inputType' in e.nativeEvent && typeof e.nativeEvent.inputType === 'string' ? e.nativeEvent.inputType : undefined;

const TYPING = { inputMode: 'numeric', autoCorrect: 'off', autoCapitalize: 'off', spellCheck: false } as const;
/** Every card field must be filled: said to assistive technology (the form validates itself, so no `required`). */
const REQUIRED = { 'aria-required': true } as const;
/**
 * Expiry and security code side by side share their grid's rows (label, input, hint, error), so a label that
 * wraps at 360 px ("Expiry date (MM/YY)") moves both inputs down alike instead of one by a line.
 */
const SIDE_BY_SIDE = 'row-span-4 grid grid-rows-subgrid';

export const CardForm = ({ submitLabel, busyLabel, alert, onPay }: CardFormProps) => {
  const { t } = useI18n();
  const id = useId();
  const inputId = (field: Field) => `${id}-${field}`;
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    resetField,
    getValues,
    getFieldState,
    trigger,
    control,
    formState,
  } = useForm<CardFormValues>({
    resolver: cardFormResolver,
    defaultValues: { number: '', expiry: '', cvc: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false, // the error summary takes the focus instead
  });
  const { errors, isSubmitting } = formState;
  const number = useWatch({ control, name: 'number' });
  const brand = detectBrand(number);
  const cvcDigits = BRAND_SPECS[brand].cvcLength;
  const brandName = brand === 'unknown' ? '' : t(BRAND_NAME_KEYS[brand]);

  // The summary shows after a submit that found errors; it is mounted afresh (keyed by the count)
  // each time, and focuses itself when it mounts.
  const [failedSubmits, setFailedSubmits] = useState(0);
  const failed = () => setFailedSubmits((n) => n + 1);
  const focusOnMount = useCallback((summary: HTMLDivElement | null) => summary?.focus(), []);
  const summaryErrors: SummaryError[] = FIELDS.flatMap((field) => {
    const error = errors[field];
    return error
      ? [{ field, inputId: inputId(field), message: cardErrorMessage(t, field, error.type, { number }) }]
      : [];
  });
  const errorOf = (field: Field) => summaryErrors.find((e) => e.field === field)?.message;

  /** Reformats as the customer types and keeps the caret by the same digit, then hands the value to react-hook-form. */
  const formatted = (
    name: 'number' | 'expiry',
    edit: (previous: string, raw: string, caret: number, inputType?: string) => Edited,
  ) => {
    const reg = register(name);
    return {
      ...reg,
      onChange: async (e: ChangeEvent<HTMLInputElement>) => {
        const input = e.target;
        const previous = getValues(name) ?? '';
        const { value, caret } = edit(
          previous,
          input.value,
          input.selectionStart ?? input.value.length,
          inputTypeOf(e),
        );
        input.value = value;
        if (input.ownerDocument.activeElement === input) input.setSelectionRange(caret, caret);
        await reg.onChange(e);
        // A new brand changes how long the security code is: its message must follow.
        if (name === 'number' && detectBrand(previous) !== detectBrand(value) && getFieldState('cvc').error)
          await trigger('cvc');
      },
    };
  };
  const cvc = register('cvc');

  const submit = handleSubmit(async (values) => {
    const result = await onPay(values);
    const fieldErrors = result.fieldErrors ?? [];
    for (const e of fieldErrors) setError(e.field, { type: codeOf(e), message: e.message });
    if (fieldErrors.length > 0) failed();
    if (result.declined) {
      resetField('cvc');
      setFocus('number');
    }
  }, failed);

  const busy = { readOnly: isSubmitting, 'aria-disabled': isSubmitting || undefined };
  const held = useHeldPay(); // an express order that lacks something: Pay says what, and goes there
  const busyText = busyLabel ?? t('card.busy_label');

  return (
    <form
      {...NO_SCRIPT_FORM}
      onSubmit={(e) => {
        // One payment at a time: the button stays focusable (aria-disabled) while busy, so guard here.
        if (isSubmitting) {
          e.preventDefault();
          return;
        }
        void submit(e);
      }}
      noValidate
      aria-label={t('card.form_label')}
      className="space-y-4"
    >
      {failedSubmits > 0 && summaryErrors.length > 0 ? (
        <CardErrorSummary
          key={failedSubmits}
          ref={focusOnMount}
          title={t('card.error_summary_title')}
          errors={summaryErrors}
          onSelect={(field) => setFocus(field)}
        />
      ) : null}
      <CardField
        id={inputId('number')}
        label={t('card.number_label')}
        labelAside={<CardBrandMarks active={brand} label={t('card.brands_accepted')} />}
        addon={<FieldBrandMark brand={brand} />}
        describedBy={`${id}-brand`}
        autoComplete="cc-number"
        placeholder={t('card.number_placeholder')}
        error={errorOf('number')}
        {...TYPING}
        {...REQUIRED}
        {...busy}
        {...formatted('number', editCardNumber)}
      />
      <p id={`${id}-brand`} aria-live="polite" className="sr-only">
        {brandName ? t('card.brand_detected', { brand: brandName }) : ''}
      </p>
      <div className="grid grid-cols-2 gap-x-4">
        <CardField
          id={inputId('expiry')}
          className={SIDE_BY_SIDE}
          label={t('card.expiry_label')}
          autoComplete="cc-exp"
          placeholder={t('card.expiry_placeholder')}
          error={errorOf('expiry')}
          {...TYPING}
          {...REQUIRED}
          {...busy}
          {...formatted('expiry', editExpiry)}
        />
        <CardField
          id={inputId('cvc')}
          className={SIDE_BY_SIDE}
          label={t('card.cvc_label')}
          hint={t(brand === 'amex' ? 'card.cvc_hint_amex' : 'card.cvc_hint')}
          autoComplete="cc-csc"
          maxLength={cvcDigits}
          error={errorOf('cvc')}
          {...TYPING}
          {...REQUIRED}
          {...busy}
          {...cvc}
          onChange={(e) => {
            e.target.value = formatCvc(e.target.value, cvcDigits);
            return cvc.onChange(e);
          }}
        />
      </div>
      {alert ? <Alert tone="error">{alert}</Alert> : null}
      {held.note}
      <button
        type="submit"
        aria-disabled={isSubmitting || undefined}
        aria-busy={isSubmitting || undefined}
        {...held.button}
        className={`flex w-full items-center justify-center gap-2 rounded-xl bg-[color:var(--kassa-brand,#4f46e5)] px-4 py-3 text-base font-semibold text-[color:var(--kassa-brand-text,#fff)] shadow-sm transition motion-reduce:transition-none hover:bg-[color-mix(in_oklab,var(--kassa-brand,#4f46e5)_85%,black)] aria-disabled:cursor-wait ${FOCUS_RING}`}
      >
        {isSubmitting ? <Spinner className="h-4 w-4 motion-reduce:animate-none" /> : <LockIcon />}
        <span>{isSubmitting ? busyText : submitLabel}</span>
      </button>
      <p role="status" className="sr-only">
        {isSubmitting ? busyText : ''}
      </p>
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
