import type { InputHTMLAttributes, ReactNode } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  /** Shown under the input (so fields side by side stay aligned), and read with it. */
  hint?: string;
  error?: string;
  /** Beside the label, at the end of its line (e.g. the card brand marks). */
  labelAside?: ReactNode;
  /** Inside the input, at its end (decorative: give screen readers the same through `describedBy`). */
  addon?: ReactNode;
  /** More ids that describe the input, after the hint and the error. */
  describedBy?: string;
};

/**
 * The focus ring: 2px, 2px away from the field, ≥3:1 against white and against the field's border
 * (the page may set `--kassa-focus`; keep it that dark). On dark backgrounds a light ring.
 */
export const FOCUS_RING =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-solid focus-visible:outline-[color:var(--kassa-focus,#3730a3)] dark:focus-visible:outline-[color:var(--kassa-focus-dark,#c7d2fe)]';

const INPUT =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base tabular-nums text-slate-900 shadow-xs transition-colors motion-reduce:transition-none placeholder:text-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 aria-disabled:cursor-not-allowed aria-disabled:bg-slate-100 aria-disabled:text-slate-600 dark:aria-disabled:bg-slate-800 dark:aria-disabled:text-slate-300';

/**
 * A labelled input with its hint and error wired up for screen readers: the error lives in a
 * region that is always there (and polite-live), so a message that appears or changes is read out.
 */
export const CardField = ({
  id,
  label,
  hint,
  error,
  labelAside,
  addon,
  describedBy,
  className = '',
  ...input
}: Props) => {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const ids = [hint ? hintId : '', errorId, describedBy ?? ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      {/* at the row's foot: beside a field whose label wraps (a subgrid row, see CardForm), the inputs stay level */}
      <div className="flex items-end justify-between gap-2 self-end">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative mt-1.5">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids}
          className={`${INPUT} ${FOCUS_RING} ${addon ? 'pr-14' : ''} ${error ? 'border-red-700 dark:border-red-400' : 'border-[#8792a4] dark:border-slate-500'}`}
          {...input}
        />
        {addon ? (
          <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-3">
            {addon}
          </div>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <div id={errorId} aria-live="polite">
        {error ? <p className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">{error}</p> : null}
      </div>
    </div>
  );
};
