'use client';
import { Modal } from './modal';
import { SecretView } from './secret-view';
import { PRIMARY } from './styles';

/** A new secret (a client's, an API key), shown once in a dialog with Copy; closing it forgets it. */
export function SecretDialog({
  title,
  secret,
  onClose,
}: {
  title: string;
  secret: { label: string; value: string } | undefined;
  onClose: () => void;
}) {
  return (
    <Modal open={secret !== undefined} onClose={onClose} title={title}>
      {secret ? <SecretView label={secret.label} value={secret.value} /> : null}
      <div className="flex justify-end">
        <button type="button" onClick={onClose} className={PRIMARY}>
          Done
        </button>
      </div>
    </Modal>
  );
}
