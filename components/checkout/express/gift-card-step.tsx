'use client';
import { useId, useState } from 'react';
import { formatMoney } from '../../../domain/money';
import type { ViewSession } from '../../../domain/view-types';
import { CardField as Field } from '../card-field';

export interface GiftCardInput {
  type: string;
  value: string;
  pin?: string;
}

/** Gift cards: each pays up to its balance; the server says how much, and what is left to pay. */
export const GiftCardStep = ({ session, busy, onSet }: { session: ViewSession; busy: boolean; onSet: (cards: GiftCardInput[]) => Promise<boolean> }) => {
  const id = useId();
  const [number, setNumber] = useState('');
  const [pin, setPin] = useState('');
  const applied = session.order.gift_cards ?? [];
  const kept = (except?: string): GiftCardInput[] => applied.filter((c) => c.card_id !== except).map((c) => ({ type: 'kassa.wallets.card_id', value: c.card_id }));
  const money = (n: number) => formatMoney(n, session.order.currency);
  return (
    <div className="space-y-3">
      <form
        aria-label="Gift card"
        className="grid grid-cols-[1fr_6rem] items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void onSet([...kept(), { type: 'kassa.wallets.card_token', value: number.replace(/\s/g, ''), pin }]).then((ok) => {
            if (ok) {
              setNumber('');
              setPin('');
            }
          });
        }}
      >
        <Field id={`${id}-number`} label="Gift card number" inputMode="numeric" autoComplete="off" value={number} onChange={(e) => setNumber(e.target.value)} />
        <Field id={`${id}-pin`} label="PIN" inputMode="numeric" autoComplete="off" value={pin} onChange={(e) => setPin(e.target.value)} />
        <button
          type="submit"
          disabled={busy || number.trim() === ''}
          className="col-span-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-indigo-100 disabled:cursor-wait disabled:opacity-60"
        >
          Use gift card
        </button>
      </form>
      {applied.length > 0 ? (
        <ul aria-label="Gift cards used" className="space-y-1">
          {applied.map((c) => (
            <li key={c.card_id} className="flex items-center justify-between text-sm text-slate-800">
              <span>
                Gift card {c.masked_card_token} pays {money(c.amount)}
              </span>
              <button
                type="button"
                disabled={busy}
                aria-label={`Remove gift card ${c.masked_card_token}`}
                onClick={() => void onSet(kept(c.card_id))}
                className="font-semibold text-indigo-700 underline"
              >
                Remove
              </button>
            </li>
          ))}
          <li className="pt-1 text-sm font-semibold text-slate-900">Left to pay: {money(session.amount_due)}</li>
        </ul>
      ) : null}
    </div>
  );
};
