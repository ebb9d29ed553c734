'use client';
import { useState } from 'react';
import { Alert } from '../ui/alert';
import { Spinner } from '../ui/spinner';

/** When the gift cards pay the whole order there is no card to enter: one button pays. */
export const GiftCardsPay = ({ label, alert, onPay }: { label: string; alert?: string; onPay: () => Promise<unknown> }) => {
  const [busy, setBusy] = useState(false);
  return (
    <div className="space-y-3">
      {alert ? <Alert tone="error">{alert}</Alert> : null}
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onPay().finally(() => setBusy(false));
        }}
        className="flex w-full items-center justify-center gap-2 rounded-xl bg-indigo-600 px-4 py-3 text-base font-semibold text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-indigo-200 disabled:cursor-wait disabled:opacity-70"
      >
        {busy ? <Spinner /> : null}
        {label}
      </button>
    </div>
  );
};
