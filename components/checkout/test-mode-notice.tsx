'use client';
import { useI18n } from '../i18n/i18n-provider';

/** Shown for test accounts: nothing is charged; the README's table lists what each test card does. */
export const TestModeNotice = () => {
  const { t } = useI18n();
  return (
    <div role="note" aria-label={t('test.title')}>
      <details className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-2.5 text-sm text-amber-950">
        <summary className="cursor-pointer rounded font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-800">
          {t('test.title')} · <span className="font-normal">{t('test.summary')}</span>
        </summary>
        <ul className="mt-1.5 space-y-0.5">
          <li>{t('test.card_approve', { card: '4111 1111 1111 1111' })}</li>
          <li>{t('test.card_decline', { card: '4000 0000 0000 0002' })}</li>
          <li>{t('test.card_insufficient', { card: '4000 0000 0000 9995' })}</li>
          <li>{t('test.card_expired', { card: '4000 0000 0000 0069' })}</li>
          <li>{t('test.card_lost_stolen', { lost: '4000 0000 0000 9987', stolen: '4000 0000 0000 9979' })}</li>
          <li>{t('test.card_3ds', { card: '4000 0000 0000 3220' })}</li>
          <li>{t('test.card_any')}</li>
        </ul>
      </details>
    </div>
  );
};
