'use client';
import { useEffect, useId, useRef, type KeyboardEvent, type RefObject, type SyntheticEvent } from 'react';
import { useI18n } from '../i18n/i18n-provider';
import { isEmbedded } from './sdk-messages';
import { trapTab } from './trap-tab';

/**
 * Inside the SDK's iframe the frame is as tall as the page (the SDK sizes it), so a dialog centred in
 * the frame could be far from what the shopper sees: there it opens where the button that opened it is.
 */
const placeNear = (dialog: HTMLDialogElement, opener: HTMLElement) => {
  const r = opener.getBoundingClientRect();
  const h = dialog.offsetHeight;
  const top = Math.max(8, Math.min(r.top + r.height / 2 - h / 2, window.innerHeight - h - 8));
  dialog.style.marginTop = `${Math.round(top)}px`;
  dialog.style.marginBottom = 'auto';
};

/**
 * "Cancel the payment to {shop}?", asked before the abandon operation (ADR 039). An alertdialog (the
 * native <dialog> opened with showModal: the rest of the page is inert) that names the shop and says
 * the order will not be paid. The focus starts on "No", the answer that loses nothing; Tab and
 * Shift+Tab stay on its two buttons (inside the SDK's iframe the browser would otherwise move on to
 * the shop's page); Escape answers "No"; and the focus goes back to the button that opened it. Its
 * keys do not reach the checkout's own modal frame (`ui=modal`), whose Escape means "back to the shop".
 */
export const CancelConfirm = ({
  merchant,
  opener,
  onAnswer,
}: {
  merchant: string;
  opener: RefObject<HTMLElement | null>;
  onAnswer: (cancel: boolean) => void;
}) => {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const answered = useRef(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    if (opener.current && isEmbedded()) placeNear(dialog, opener.current);
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [opener]);
  const answer = (cancel: boolean) => {
    if (answered.current) return;
    answered.current = true;
    ref.current?.close();
    opener.current?.focus();
    onAnswer(cancel);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      answer(false);
      return;
    }
    if (e.key !== 'Tab') return;
    e.stopPropagation();
    trapTab(e, [...e.currentTarget.querySelectorAll('button')]);
  };
  // The browser's own close request (Escape, a phone's back gesture) is a "No" too.
  const onCancel = (e: SyntheticEvent<HTMLDialogElement>) => {
    e.preventDefault();
    answer(false);
  };
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      className="m-auto w-[min(26rem,calc(100vw-1rem))] rounded-2xl border border-slate-200 bg-white p-0 text-left text-slate-900 shadow-xl backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="grid gap-3 p-5">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('checkout.cancel_title', { merchant })}
        </h2>
        <p id={bodyId} className="text-sm text-slate-700 dark:text-slate-300">
          {t('checkout.cancel_body', { merchant })}
        </p>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            data-autofocus
            onClick={() => answer(false)}
            className="rounded-xl bg-[var(--kassa-brand)] px-4 py-2.5 text-sm font-semibold text-white hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--kassa-brand)]"
          >
            {t('checkout.cancel_no')}
          </button>
          <button
            type="button"
            onClick={() => answer(true)}
            className="rounded-xl border border-red-300 px-4 py-2.5 text-sm font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950"
          >
            {t('checkout.cancel_yes')}
          </button>
        </div>
      </div>
    </dialog>
  );
};
