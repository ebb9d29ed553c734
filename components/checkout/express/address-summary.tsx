'use client';
import { addressComplete, addressLine, contactLine } from '../../../domain/express-ready';
import type { Address, ViewSession } from '../../../domain/view-types';
import { useI18n } from '../../i18n/i18n-provider';

/** The saved address, folded to what a parcel label says, with "Change" to open the form again. */
export const AddressSummary = ({
  session,
  address,
  needsShipping,
  onChange,
}: {
  session: ViewSession;
  address: Address;
  needsShipping: boolean;
  onChange: () => void;
}) => {
  const { t, language } = useI18n();
  const names = new Intl.DisplayNames([language], { type: 'region' });
  const country = (code: string) => names.of(code);
  const line = addressLine(address, country);
  const billing = session.order.billing_address;
  const billingLine = billing && addressComplete(billing) ? addressLine(billing, country) : undefined;
  const contact = contactLine(address);
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0 space-y-0.5 text-sm break-words">
        <p className="font-medium text-slate-900 dark:text-slate-100">
          {needsShipping ? t('express.ship_to', { address: line }) : line}
        </p>
        {contact ? <p className="text-slate-600 dark:text-slate-400">{contact}</p> : null}
        {billingLine && billingLine !== line ? (
          <p className="text-slate-600 dark:text-slate-400">{t('express.bill_to', { address: billingLine })}</p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={onChange}
        aria-label={needsShipping ? t('express.change_address') : t('express.change_contact')}
        className="shrink-0 rounded-lg border border-slate-300 dark:border-slate-600 px-3 py-1.5 text-sm font-semibold text-slate-700 dark:text-slate-200 hover:bg-slate-50 dark:hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#3730a3] dark:focus-visible:outline-[#c7d2fe]"
      >
        {t('express.change')}
      </button>
    </div>
  );
};
