'use client';
import { useEffect } from 'react';
import type { SessionUnavailableBody } from '../../domain/view-types';
import { useI18n } from '../i18n/i18n-provider';
import type { MessageKey } from '../i18n/translate';
import { Panel } from '../ui/panel';
import { StatusIcon } from '../ui/status-icon';
import { returnLinkFor } from './return-link';
import { postToParent } from './sdk-messages';

const VIEW: Record<
  NonNullable<SessionUnavailableBody['cause']> | 'UNKNOWN',
  { title: MessageKey; reason: MessageKey; tone: 'success' | 'neutral' }
> = {
  AUTHORIZED: { title: 'unavailable.paid_title', reason: 'unavailable.paid', tone: 'success' },
  ON_HOLD: { title: 'unavailable.paid_title', reason: 'unavailable.on_hold', tone: 'success' },
  CANCELLED: { title: 'unavailable.title', reason: 'unavailable.cancelled', tone: 'neutral' },
  EXPIRED: { title: 'unavailable.title', reason: 'unavailable.expired', tone: 'neutral' },
  PAYMENT_INITIATED: { title: 'unavailable.title', reason: 'unavailable.in_progress', tone: 'neutral' },
  UNKNOWN: { title: 'unavailable.not_found_title', reason: 'unavailable.not_found', tone: 'neutral' },
};

/** The session cannot be paid (paid, cancelled, expired or unknown): say why and offer the way back. */
export const SessionUnavailable = ({ sid, body }: { sid: string; body: SessionUnavailableBody }) => {
  const { t } = useI18n();
  useEffect(() => postToParent(sid, 'SessionNotFound'), [sid]);
  const view = VIEW[body.cause ?? 'UNKNOWN'];
  const href = returnLinkFor(body);
  return (
    <Panel className="text-center">
      <StatusIcon tone={view.tone} />
      <h1 className="mt-4 text-xl font-semibold">{t(view.title)}</h1>
      <p data-testid="unavailable-reason" className="mt-2 text-slate-700 dark:text-slate-300">
        {t(view.reason)}
      </p>
      {body.session_details?.merchant_reference ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {t('summary.reference', { reference: body.session_details.merchant_reference })}
        </p>
      ) : null}
      {href ? (
        <a
          href={href}
          target="_top"
          className="mt-6 inline-block rounded-xl bg-[var(--kassa-brand)] px-5 py-2.5 font-semibold text-white hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--kassa-brand)]"
        >
          {t('unavailable.return')}
        </a>
      ) : null}
    </Panel>
  );
};
