'use client';
import { useI18n } from '../i18n/i18n-provider';
import { Alert } from '../ui/alert';

/** The session could not be read again (network, server) while the page still shows the last copy. */
export const LoadError = ({ onRetry }: { onRetry: () => void }) => {
  const { t } = useI18n();
  return (
    <Alert tone="error">
      <p className="font-semibold">{t('checkout.load_error')}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-3 rounded-lg bg-white px-3 py-1.5 font-medium text-red-800 ring-1 ring-red-200 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800"
      >
        {t('express.try_again')}
      </button>
    </Alert>
  );
};
