'use client';
import { useEffect, useState } from 'react';
import type { ClosedSessionPage, SessionUnavailableBody, ViewSession } from '../../domain/view-types';
import { useI18n } from '../i18n/i18n-provider';
import { Panel } from '../ui/panel';
import { Spinner } from '../ui/spinner';
import { fetchViewSession, SessionUnavailableError } from './api';
import { NOT_COMPLETED } from './payment-errors';
import { ReturnedPayment } from './returned-payment';
import { SessionUnavailable } from './session-unavailable';

export const POLL_MS = 2_000;
const BACKED_OFF_MS = 10_000;
const FAST_FOR_MS = 60_000;

/** Most confirmations end within a minute: read every 2 s until then, then ever less often, at most every 10 s. */
export const nextPollDelay = (elapsedMs: number, previousMs: number): number =>
  elapsedMs < FAST_FOR_MS ? POLL_MS : Math.min(BACKED_OFF_MS, previousMs * 2);

/** The payment's end: the session can be paid again (the attempt was closed unpaid), or it cannot be paid any more. */
export type PaymentEnd = { payable: true } | { payable: false; body: SessionUnavailableBody };

/** What one read says: the end, or nothing while the payment is still being confirmed or the read failed (read again). */
export const endOf = (read: PromiseSettledResult<ViewSession>): PaymentEnd | undefined => {
  if (read.status === 'fulfilled') return { payable: true };
  const error: unknown = read.reason;
  if (!(error instanceof SessionUnavailableError) || error.body.cause === 'PAYMENT_INITIATED') return undefined;
  return { payable: false, body: error.body };
};

/** Reads the session, one read at a time, until the payment's end is known; returns how to stop (an answer after it is dropped). */
export const followPayment = (
  read: () => Promise<ViewSession>,
  onEnd: (end: PaymentEnd) => void,
  now: () => number = Date.now,
): (() => void) => {
  const start = now();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const after = (delay: number) => {
    timer = setTimeout(() => {
      void Promise.allSettled([read()]).then(([result]) => {
        if (stopped) return;
        const end = endOf(result!);
        if (end) onEnd(end);
        else after(nextPollDelay(now() - start, delay));
      });
    }, delay);
  };
  after(POLL_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
};

/** This page's address opening the checkout with "the payment was not completed" (no earlier return's parameters). */
export const notCompletedUrl = (href: string): string => {
  const url = new URL(href);
  url.searchParams.delete('payment');
  url.searchParams.delete('payment_error');
  url.searchParams.set('payment_error', NOT_COMPLETED);
  return url.toString();
};

/**
 * A payment whose outcome the server is still asking the provider about (the session is PAYING): the shopper is told
 * it is being confirmed, never that it failed, and the page follows it to its end. Paid: finish as a return from a
 * payment page does (ReturnedPayment tells the SDK, or goes back to the shop). Payable again: the checkout opens anew
 * with an alert. Cancelled, expired or unknown: why it cannot be paid. Nothing is posted to the SDK meanwhile: the
 * payment has no final event yet.
 */
export const ConfirmingPayment = ({
  sid,
  body,
  closed,
  viewerCountry,
}: {
  sid: string;
  /** The PAYMENT_INITIATED answer: the order's reference. */
  body: SessionUnavailableBody;
  closed: ClosedSessionPage | undefined;
  viewerCountry: string | undefined;
}) => {
  const { t } = useI18n();
  const [ended, setEnded] = useState<SessionUnavailableBody>();
  useEffect(
    () =>
      followPayment(
        () => fetchViewSession(sid, viewerCountry),
        (end) => {
          if (end.payable) window.location.replace(notCompletedUrl(window.location.href));
          else setEnded(end.body);
        },
      ),
    [sid, viewerCountry],
  );
  if (ended?.cause === 'AUTHORIZED' || ended?.cause === 'ON_HOLD')
    return <ReturnedPayment sid={sid} body={ended} merchantName={closed?.merchant.name ?? ''} />;
  if (ended) return <SessionUnavailable sid={sid} body={ended} closed={closed} />;
  const reference = body.session_details?.merchant_reference;
  // with `closed` the page's header names the merchant (its h1), as on SessionUnavailable
  const Heading = closed ? 'h2' : 'h1';
  return (
    <Panel className="text-center">
      <div role="status" aria-live="polite" data-testid="confirming-payment">
        <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-700">
          <Spinner className="h-6 w-6 motion-reduce:animate-none" />
        </div>
        <Heading className="mt-4 text-xl font-semibold">{t('confirming.title')}</Heading>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t('confirming.body')}</p>
      </div>
      {reference ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('summary.reference', { reference })}</p>
      ) : null}
    </Panel>
  );
};
