import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';

type Props = InputHTMLAttributes<HTMLInputElement> & { id: string; label: ReactNode; hint?: string; error?: string };

/** A labelled input; its hint and error are tied to it for screen readers, the error in a live region. */
export const TextField = forwardRef<HTMLInputElement, Props>(
  ({ id, label, hint, error, className = '', ...input }, ref) => {
    const describedBy = [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
    return (
      <div className={className}>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        <input
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--kassa-brand)] dark:bg-slate-800 dark:text-slate-100 ${error ? 'border-red-600' : 'border-[#8792a4] dark:border-slate-500'}`}
          {...input}
        />
        {hint ? (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {hint}
          </p>
        ) : null}
        <p id={`${id}-error`} aria-live="polite" className="mt-1 text-sm text-red-700 empty:hidden dark:text-red-300">
          {error ?? ''}
        </p>
      </div>
    );
  },
);
TextField.displayName = 'TextField';
