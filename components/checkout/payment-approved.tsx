'use client';
import { useEffect, useRef } from 'react';
import { useI18n } from '../i18n/i18n-provider';
import { Panel } from '../ui/panel';
import { StatusIcon } from '../ui/status-icon';

/** After approval: the page is on its way back to the shop (or the SDK takes over). Focus moves here. */
export const PaymentApproved = ({
  merchantName,
  redirectUrl,
  embedded,
  onHold = false,
}: {
  merchantName: string;
  redirectUrl: string;
  embedded: boolean;
  onHold?: boolean;
}) => {
  const { t } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Panel className="text-center">
      <div role="status">
        <StatusIcon tone="success" />
        <h2 ref={heading} tabIndex={-1} className="mt-4 text-xl font-semibold outline-none">
          {t(onHold ? 'result.on_hold' : 'result.approved')}
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {embedded
            ? t('result.thanks')
            : merchantName
              ? t('result.returning', { merchant: merchantName })
              : t('result.returning_shop')}
        </p>
      </div>
      {embedded ? null : (
        <a
          href={redirectUrl}
          className="mt-4 inline-block rounded text-sm font-medium text-[var(--kassa-brand)] underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--kassa-brand)] dark:text-indigo-300"
        >
          {merchantName ? t('result.continue', { merchant: merchantName }) : t('result.continue_shop')}
        </a>
      )}
    </Panel>
  );
};
