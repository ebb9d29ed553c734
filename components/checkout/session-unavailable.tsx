'use client';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import {
  GIFT_CARDS_TYPE,
  type CheckoutReceipt,
  type ClosedSessionPage,
  type SessionUnavailableBody,
} from '../../domain/view-types';
import { useI18n } from '../i18n/i18n-provider';
import type { MessageKey } from '../i18n/translate';
import { Panel } from '../ui/panel';
import { StatusIcon } from '../ui/status-icon';
import { methodName } from './method-name';
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

const noSubscription = () => () => undefined;

/**
 * When the payment was made: in UTC (said so) as the server renders it and while the page hydrates, then in the
 * shopper's own time zone, so the server's and the browser's first render agree.
 */
const PaidAt = ({ iso }: { iso: string }) => {
  const { locale } = useI18n();
  const local = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{iso}</>;
  const text = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(local ? {} : { timeZone: 'UTC' }),
  }).format(date);
  return <time dateTime={iso}>{local ? text : `${text} UTC`}</time>;
};

/** A paid session's receipt: amount, how it was paid (a card by brand and last four digits), when, and the order's reference. */
const Receipt = ({ receipt, reference }: { receipt: CheckoutReceipt; reference: string | undefined }) => {
  const { t, money } = useI18n();
  const method =
    receipt.method.payment_product_type === GIFT_CARDS_TYPE ? t('express.gift_card') : methodName(t, receipt.method);
  const rows: [MessageKey, ReactNode][] = [
    ['unavailable.receipt_amount', <span className="tabular-nums">{money(receipt.amount, receipt.currency)}</span>],
    [
      'unavailable.receipt_method',
      receipt.card ? `${method} · ${t('unavailable.receipt_card', { ...receipt.card })}` : method,
    ],
    ['unavailable.receipt_date', <PaidAt iso={receipt.paid_at} />],
    ...(reference ? [['unavailable.receipt_reference', reference] as [MessageKey, ReactNode]] : []),
  ];
  return (
    <div className="mt-5 text-left">
      <h3 className="sr-only">{t('unavailable.receipt')}</h3>
      <dl
        data-testid="receipt"
        className="divide-y divide-slate-200 rounded-xl border border-slate-200 text-sm dark:divide-slate-700 dark:border-slate-700"
      >
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 px-4 py-2.5">
            <dt className="text-slate-700 dark:text-slate-300">{t(label)}</dt>
            <dd className="min-w-0 break-words font-medium text-slate-900 dark:text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
      {receipt.email ? (
        <p data-testid="receipt-email" className="mt-3 break-words text-sm text-slate-700 dark:text-slate-300">
          {t('unavailable.receipt_email', { email: receipt.email })}
        </p>
      ) : null}
    </div>
  );
};

/**
 * The session cannot be paid (paid, cancelled, expired or unknown): say why and offer the way back. A paid
 * session's page is its receipt; with `closed` the page's header names the merchant (its h1), so the title here is an h2.
 */
export const SessionUnavailable = ({
  sid,
  body,
  closed,
}: {
  sid: string;
  body: SessionUnavailableBody;
  closed?: ClosedSessionPage | undefined;
}) => {
  const { t } = useI18n();
  useEffect(() => postToParent(sid, 'SessionNotFound'), [sid]);
  const view = VIEW[body.cause ?? 'UNKNOWN'];
  const href = returnLinkFor(body);
  const reference = body.session_details?.merchant_reference;
  const receipt = body.cause === 'AUTHORIZED' || body.cause === 'ON_HOLD' ? closed?.receipt : undefined;
  const Heading = closed ? 'h2' : 'h1';
  return (
    <Panel className="text-center">
      <StatusIcon tone={view.tone} />
      <Heading className="mt-4 text-xl font-semibold">{t(view.title)}</Heading>
      <p data-testid="unavailable-reason" className="mt-2 text-slate-700 dark:text-slate-300">
        {t(view.reason)}
      </p>
      {receipt ? (
        <Receipt receipt={receipt} reference={reference} />
      ) : reference ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('summary.reference', { reference })}</p>
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
