'use client';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-provider';
import { Spinner } from '../ui/spinner';
import { useHeldPay } from './pay-hold';

/**
 * The primary action of a payment form: brand coloured, busy (spinner and label) while paying. While
 * the order lacks something (pay-hold.tsx) it says what beside it and a press goes there instead.
 */
export const PayButton = ({
  busy,
  children,
  type = 'submit',
  onClick,
}: {
  busy: boolean;
  children: ReactNode;
  type?: 'submit' | 'button';
  onClick?: () => void;
}) => {
  const { t } = useI18n();
  const held = useHeldPay();
  return (
    <>
      {held.note}
      <button
        type={type}
        onClick={onClick}
        disabled={busy}
        aria-busy={busy}
        {...held.button}
        className="flex w-full items-center justify-center gap-2 rounded-xl bg-[var(--kassa-brand)] px-4 py-3 text-base font-semibold text-white shadow-sm hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--kassa-brand)] disabled:cursor-wait disabled:opacity-80 disabled:not-aria-busy:cursor-not-allowed disabled:not-aria-busy:opacity-50"
      >
        {busy ? <Spinner /> : null}
        <span>{busy ? t('pay.processing') : children}</span>
      </button>
    </>
  );
};
