'use client';
import { NO_SCRIPT_FORM } from '../no-script';
import { type ChangeEvent, useId, useState } from 'react';
import { editGiftCardNumber } from '../../../domain/card-format';
import { GIFT_CARD_BY_ID, GIFT_CARD_BY_NUMBER, type ViewSession } from '../../../domain/view-types';
import { CardField as Field } from '../card-field';
import { useI18n } from '../../i18n/i18n-provider';

/** The number grouped in fours as it is typed (like a card number), the caret by the same digit. */
const grouped = (e: ChangeEvent<HTMLInputElement>, previous: string): string => {
  const input = e.target;
  const inputType =
    'inputType' in e.nativeEvent && typeof e.nativeEvent.inputType === 'string' ? e.nativeEvent.inputType : undefined;
  const { value, caret } = editGiftCardNumber(
    previous,
    input.value,
    input.selectionStart ?? input.value.length,
    inputType,
  );
  input.value = value;
  if (input.ownerDocument.activeElement === input) input.setSelectionRange(caret, caret);
  return value;
};

export interface GiftCardInput {
  type: string;
  value: string;
  pin?: string;
}

/** Gift cards: each pays up to its balance; the server says how much, and what is left to pay. */
export const GiftCardStep = ({
  session,
  busy,
  onSet,
}: {
  session: ViewSession;
  busy: boolean;
  onSet: (cards: GiftCardInput[]) => Promise<boolean>;
}) => {
  const id = useId();
  const [number, setNumber] = useState('');
  const [pin, setPin] = useState('');
  const applied = session.order.gift_cards ?? [];
  const kept = (except?: string): GiftCardInput[] =>
    applied.filter((c) => c.card_id !== except).map((c) => ({ type: GIFT_CARD_BY_ID, value: c.card_id }));
  const { t, money: format } = useI18n();
  const money = (n: number) => format(n, session.order.currency);
  return (
    <div className="space-y-3">
      <form
        {...NO_SCRIPT_FORM}
        aria-label={t('express.gift_card')}
        className="grid grid-cols-[1fr_6rem] items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (busy || number.trim() === '') return; // the button is aria-disabled (it keeps the focus), not disabled
          void onSet([...kept(), { type: GIFT_CARD_BY_NUMBER, value: number.replace(/\s/g, ''), pin }]).then((ok) => {
            if (ok) {
              setNumber('');
              setPin('');
            }
          });
        }}
      >
        <Field
          id={`${id}-number`}
          label={t('express.gift_card_number')}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          value={number}
          onChange={(e) => setNumber(grouped(e, number))}
        />
        {/* masked like a card's PIN; `off` keeps it out of autofill (and of password managers' suggestions) */}
        <Field
          id={`${id}-pin`}
          label={t('express.pin')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={pin}
          onChange={(e) => setPin(e.target.value)}
        />
        <button
          type="submit"
          aria-disabled={busy || number.trim() === ''}
          className="col-span-2 rounded-lg border border-slate-300 dark:border-slate-600 px-3 py-2 text-sm font-semibold text-slate-700 dark:text-slate-200 hover:bg-slate-50 dark:hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#3730a3] dark:focus-visible:outline-[#c7d2fe] disabled:cursor-wait disabled:opacity-60 aria-disabled:opacity-60"
        >
          {t('express.use_gift_card')}
        </button>
      </form>
      {applied.length > 0 ? (
        <ul aria-label={t('express.gift_cards_used')} className="space-y-1">
          {applied.map((c) => (
            <li
              key={c.card_id}
              className="flex items-center justify-between text-sm text-slate-800 dark:text-slate-200"
            >
              <span>{t('express.gift_card_pays', { card: c.masked_card_token, amount: money(c.amount) })}</span>
              <button
                type="button"
                disabled={busy}
                aria-label={t('express.remove_gift_card', { card: c.masked_card_token })}
                onClick={() => {
                  document.getElementById(`${id}-number`)?.focus(); // the button goes with the card
                  void onSet(kept(c.card_id));
                }}
                className="font-semibold text-indigo-700 dark:text-indigo-300 underline"
              >
                {t('express.remove')}
              </button>
            </li>
          ))}
          <li className="pt-1 text-sm font-semibold text-slate-900 dark:text-slate-100">
            {t('express.left_to_pay', { amount: money(session.amount_due) })}
          </li>
        </ul>
      ) : null}
    </div>
  );
};
