'use client';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

/**
 * A modal on the browser's own <dialog> (showModal): the page behind is inert, focus moves into it (to the
 * element marked `data-autofocus`, else the first focusable one), Escape closes it, and on close focus goes
 * back to `returnFocus` (the button that opened it), or to the page's heading when that button is gone (the
 * operation it opened took it away).
 */
export function ModalDialog({
  open,
  onClose,
  title,
  returnFocus,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  returnFocus: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // React's autoFocus ran before the dialog was shown: the field meant to start with gets the focus now
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const restoreFocus = () => {
    const back = returnFocus.current;
    if (back?.isConnected) back.focus();
    else document.querySelector<HTMLElement>('main h1')?.focus();
  };
  return (
    <dialog
      ref={ref}
      aria-labelledby="operation-dialog-title"
      onClose={() => {
        onClose();
        restoreFocus();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="grid grid-cols-1 gap-4 p-5 sm:p-6">
        <h2 id="operation-dialog-title" className="text-lg font-semibold">
          {title}
        </h2>
        {open ? children : null}
      </div>
    </dialog>
  );
}
