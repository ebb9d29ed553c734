'use client';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-provider';
import { Alert } from '../ui/alert';

/**
 * What the shopper can change and pay with (the express steps and the payment), disabled as one while
 * the session is locked for the merchant (the SDK's lockSession, ADR 039: "while the session is locked,
 * all editing and paying in the checkout is disabled"), with the reason above it. A keyboard user whose
 * field is disabled under them is moved to the reason (else the focus falls out of the page, and in
 * `ui=modal` out of the dialog).
 */
export const LockedArea = ({ locked, children }: { locked: boolean; children: ReactNode }) => {
  const { t } = useI18n();
  const noticeId = useId();
  const area = useRef<HTMLFieldSetElement>(null);
  const notice = useRef<HTMLDivElement>(null);
  const focusedInside = useRef(false);
  useEffect(() => {
    if (locked && focusedInside.current) notice.current?.focus();
  }, [locked]);
  return (
    <>
      {locked ? (
        <div ref={notice} id={noticeId} tabIndex={-1} className="outline-none" data-testid="locked-notice">
          <Alert tone="info">{t('pay.locked')}</Alert>
        </div>
      ) : null}
      <fieldset
        ref={area}
        disabled={locked}
        aria-describedby={locked ? noticeId : undefined}
        onFocus={() => (focusedInside.current = true)}
        onBlur={(e) => {
          // a field the lock disabled may lose the focus with a blur: that is not the shopper moving away
          if (!(e.target instanceof Element && e.target.matches(':disabled')))
            focusedInside.current = area.current?.contains(e.relatedTarget) ?? false;
        }}
        className="min-w-0 space-y-4 [&_:is(input,select,textarea):disabled]:cursor-not-allowed [&_:is(input,select,textarea):disabled]:bg-slate-100 dark:[&_:is(input,select,textarea):disabled]:bg-slate-800"
      >
        {children}
      </fieldset>
    </>
  );
};
