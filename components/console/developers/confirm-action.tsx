'use client';
import { useState, type ReactNode } from 'react';
import { Alert } from '../../ui/alert';
import { Modal } from './modal';
import { SecretView } from './secret-view';
import { DANGER, DANGER_OUTLINE, PRIMARY, SECONDARY } from './styles';

export interface ConfirmActionProps {
  /** The button that opens the confirmation (its accessible name: `label` + `target`). */
  label: string;
  /** What it acts on, for screen readers ("Delete" → "Delete key ci"). */
  target: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red buttons: deleting, rotating (the old value stops working). */
  danger?: boolean;
  /** Does it; answers a secret to show once, or nothing. Its error is shown in the dialog. */
  run: () => Promise<{ secretLabel: string; secret: string } | void>;
}

/**
 * A write that needs a yes (a delete, a rotation): a button opens a dialog that says what will happen, Cancel or
 * Escape closes it; when the write answers a secret, the same dialog shows it once with Copy.
 */
export function ConfirmAction({ label, target, title, children, confirmLabel, danger, run }: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const [shown, setShown] = useState<{ secretLabel: string; secret: string } | undefined>();
  const close = () => {
    setOpen(false);
    setShown(undefined);
    setFailure(undefined);
  };
  const confirm = async () => {
    setPending(true);
    setFailure(undefined);
    try {
      const answer = await run();
      if (answer) setShown(answer);
      else close();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : 'The request failed.');
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={danger ? DANGER_OUTLINE : SECONDARY}>
        {label}
        <span className="sr-only"> {target}</span>
      </button>
      <Modal open={open} onClose={close} title={shown ? `${title}: done` : title}>
        {shown ? (
          <>
            <SecretView label={shown.secretLabel} value={shown.secret} />
            <div className="flex justify-end">
              <button type="button" onClick={close} className={PRIMARY}>
                Done
              </button>
            </div>
          </>
        ) : (
          <>
            <div className="text-sm text-slate-700">{children}</div>
            {failure ? <Alert tone="error">{failure}</Alert> : null}
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" onClick={close} className={SECONDARY} data-autofocus>
                Cancel
              </button>
              <button type="button" onClick={confirm} disabled={pending} className={danger ? DANGER : PRIMARY}>
                {pending ? 'Working…' : confirmLabel}
              </button>
            </div>
          </>
        )}
      </Modal>
    </>
  );
}
