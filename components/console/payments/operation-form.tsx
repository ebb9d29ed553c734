'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { TextField } from '../../ui/text-field';
import { amountProblem, majorText, money, parseMajor } from './payment-money';
import type { LineLeft } from './transaction-amounts';
import { VERB } from './operation-words';

/** What a capture or refund takes: an amount, or what is left of the chosen lines. */
export type OperationChoice = { amount: number; lines?: LineLeft[] };

const leftOf = (op: 'capture' | 'refund', l: LineLeft) => (op === 'capture' ? l.leftToCapture : l.leftToRefund);

const formSchema = (op: 'capture' | 'refund', currency: string, max: number, lines: readonly LineLeft[]) =>
  z
    .object({ mode: z.enum(['amount', 'items']), amount: z.string(), lines: z.array(z.string()) })
    .superRefine((v, ctx) => {
      if (v.mode === 'amount') {
        const problem = amountProblem(v.amount, currency, max);
        if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
        return;
      }
      const sum = lines.filter((l) => v.lines.includes(l.item.line_id)).reduce((s, l) => s + leftOf(op, l), 0);
      if (sum === 0) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Choose at least one item' });
      else if (sum > max)
        ctx.addIssue({
          code: 'custom',
          path: ['lines'],
          message: `The items come to more than ${money(max, currency)}`,
        });
    });
type Values = z.infer<ReturnType<typeof formSchema>>;

const radio = 'h-4 w-4 accent-indigo-700';

/** Step one of a capture or refund: how much (default: all that is left), or which items. */
export function OperationForm({
  op,
  currency,
  max,
  lines,
  onCancel,
  onChosen,
}: {
  op: 'capture' | 'refund';
  currency: string;
  max: number;
  lines: readonly LineLeft[];
  onCancel: () => void;
  onChosen: (c: OperationChoice) => void;
}) {
  const left = (l: LineLeft) => leftOf(op, l);
  const open = lines.filter((l) => left(l) > 0);
  const schema = useMemo(() => formSchema(op, currency, max, lines), [op, currency, max, lines]);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { mode: 'amount', amount: majorText(max, currency), lines: [] },
  });
  const mode = useWatch({ control, name: 'mode' });
  const submit = handleSubmit((v) => {
    if (v.mode === 'amount') return onChosen({ amount: parseMajor(v.amount, currency)! });
    const chosen = open.filter((l) => v.lines.includes(l.item.line_id));
    onChosen({ amount: chosen.reduce((s, l) => s + left(l), 0), lines: chosen });
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {open.length > 0 ? (
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-800">{VERB[op].label} by</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" value="amount" className={radio} {...register('mode')} /> An amount
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" value="items" className={radio} {...register('mode')} /> Items
          </label>
        </fieldset>
      ) : null}
      {mode === 'amount' ? (
        <TextField
          id="operation-amount"
          label={`Amount (${currency})`}
          inputMode="decimal"
          data-autofocus
          hint={`At most ${money(max, currency)}`}
          error={errors.amount?.message}
          {...register('amount')}
        />
      ) : (
        <fieldset className="grid gap-2" aria-describedby="operation-lines-error">
          <legend className="text-sm font-medium text-slate-800">Items (what is left of each)</legend>
          {open.map((l) => (
            <label key={l.item.line_id} className="flex items-start gap-2 text-sm">
              <input type="checkbox" value={l.item.line_id} className="mt-0.5 h-4 w-4" {...register('lines')} />
              <span>
                {l.item.description ?? l.item.line_id}: {money(left(l), currency)}
              </span>
            </label>
          ))}
          <p id="operation-lines-error" aria-live="polite" className="text-sm text-red-700 empty:hidden">
            {errors.lines?.message ?? ''}
          </p>
        </fieldset>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className="rounded-lg bg-indigo-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
        >
          Continue
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
