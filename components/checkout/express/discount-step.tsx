'use client';
import { NO_SCRIPT_FORM } from '../no-script';
import { useId, useState } from 'react';
import type { ViewSession } from '../../../domain/view-types';
import { CardField as Field } from '../card-field';
import { useI18n } from '../../i18n/i18n-provider';

const smallButton =
  'rounded-lg border border-slate-300 dark:border-slate-600 px-3 py-2 text-sm font-semibold text-slate-700 dark:text-slate-200 hover:bg-slate-50 dark:hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#3730a3] dark:focus-visible:outline-[#c7d2fe] disabled:cursor-wait disabled:opacity-60 aria-disabled:opacity-60';

/** Discount codes: the shop's discount callback decides what each is worth; applied codes can be removed. */
export const DiscountStep = ({
  session,
  busy,
  onSet,
}: {
  session: ViewSession;
  busy: boolean;
  onSet: (codes: string[], added?: string) => Promise<void>;
}) => {
  const id = useId();
  const { t } = useI18n();
  const [code, setCode] = useState('');
  const applied = session.order.discount_codes ?? [];
  const input = `${id}-code`;
  // The buttons never go disabled under the focus (the browser would drop it to the page's body): Apply is
  // aria-disabled while there is nothing to apply, and after a Remove the focus goes back to the code field.
  const apply = async () => {
    const c = code.trim();
    if (!c || busy) return;
    await onSet([...applied.filter((a) => a !== c), c], c);
    setCode('');
  };
  return (
    <div className="space-y-3">
      <form
        {...NO_SCRIPT_FORM}
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void apply();
        }}
      >
        <Field
          id={input}
          label={t('express.discount_code')}
          className="flex-1"
          autoComplete="off"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" aria-disabled={busy || code.trim() === ''} className={smallButton}>
          {t('express.apply')}
        </button>
      </form>
      {applied.length > 0 ? (
        <ul aria-label={t('express.codes_applied')} className="flex flex-wrap gap-2">
          {applied.map((c) => (
            <li
              key={c}
              className="flex items-center gap-2 rounded-full bg-emerald-50 dark:bg-emerald-950 px-3 py-1 text-sm text-emerald-900 dark:text-emerald-200"
            >
              {c}
              <button
                type="button"
                disabled={busy}
                aria-label={t('express.remove_code', { code: c })}
                onClick={() => {
                  document.getElementById(input)?.focus();
                  void onSet(applied.filter((a) => a !== c));
                }}
                className="font-semibold underline"
              >
                {t('express.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};
