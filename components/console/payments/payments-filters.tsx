'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TRANSACTION_STATUSES } from '../../../domain/transaction-state';
import { TextField } from '../../ui/text-field';
import { EMPTY_FILTERS, FiltersForm, type FiltersValues, type PaymentsList } from './payments-query';
import { STATUS_LABEL } from './status-badge';

const select =
  'mt-1 block w-full rounded-lg border border-[#8792a4] bg-white px-3 py-2.5 text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700';
const button =
  'rounded-lg px-4 py-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700';

/** The list's filters as a form; applying it changes the URL (the page reads its filters from there). */
export function PaymentsFilters({
  list,
  values,
  onApply,
}: {
  list: PaymentsList;
  values: FiltersValues;
  onApply: (v: FiltersValues) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FiltersValues>({ resolver: zodResolver(FiltersForm), defaultValues: values });
  const transactions = list === 'transactions';
  // dates, status, currency and amounts fold away (a phone sees the list first) unless one is set
  const more = Boolean(
    values.from || values.to || values.status || values.currency || values.amount_from || values.amount_to,
  );
  return (
    <form
      role="search"
      aria-label={`Filter ${list}`}
      noValidate
      onSubmit={handleSubmit(onApply)}
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          id="f-search"
          label="Search"
          hint={
            transactions
              ? 'A transaction or session id, or a merchant reference, exactly'
              : 'Part of a merchant reference or the customer name'
          }
          error={errors.search?.message}
          {...register('search')}
        />
        <TextField
          id="f-reference"
          label="Merchant reference"
          hint="Exactly"
          error={errors.merchant_reference?.message}
          {...register('merchant_reference')}
        />
      </div>
      <details open={more}>
        <summary className="cursor-pointer rounded text-sm font-medium text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-700">
          More filters: dates{transactions ? ', status, currency and amount' : ''}
        </summary>
        <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <TextField id="f-from" label="Created from" type="date" error={errors.from?.message} {...register('from')} />
          <TextField id="f-to" label="Created to" type="date" error={errors.to?.message} {...register('to')} />
          {transactions ? (
            <>
              <div>
                <label htmlFor="f-status" className="block text-sm font-medium text-slate-800">
                  Status
                </label>
                <select id="f-status" className={select} {...register('status')}>
                  <option value="">Any status</option>
                  {TRANSACTION_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {STATUS_LABEL[s]}
                    </option>
                  ))}
                </select>
              </div>
              <TextField
                id="f-currency"
                label="Currency"
                hint="e.g. NOK; amounts are in it"
                autoCapitalize="characters"
                maxLength={3}
                error={errors.currency?.message}
                {...register('currency', { setValueAs: (v: string) => v.trim().toUpperCase() })}
              />
              <TextField
                id="f-amount-from"
                label="Amount from"
                inputMode="decimal"
                error={errors.amount_from?.message}
                {...register('amount_from')}
              />
              <TextField
                id="f-amount-to"
                label="Amount to"
                inputMode="decimal"
                error={errors.amount_to?.message}
                {...register('amount_to')}
              />
            </>
          ) : null}
        </div>
      </details>
      <div className="flex flex-wrap items-end gap-2">
        <button type="submit" className={`${button} bg-indigo-700 text-white hover:bg-indigo-800`}>
          Apply filters
        </button>
        <button
          type="button"
          onClick={() => onApply(EMPTY_FILTERS)}
          className={`${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
