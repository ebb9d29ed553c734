'use client';
import type { ViewSession } from '../../domain/view-types';
import { useI18n } from '../i18n/i18n-provider';

/** Who the customer pays: the merchant's logo (or initial in the brand colour) and name. */
export const MerchantBrand = ({
  merchant,
  testMode,
}: {
  merchant: ViewSession['configuration']['merchant'];
  testMode: boolean;
}) => {
  const { t } = useI18n();
  return (
    <div className="flex min-w-0 items-center gap-3">
      {merchant.logo_url ? (
        <img
          src={merchant.logo_url}
          alt=""
          width={40}
          height={40}
          className="h-10 w-10 shrink-0 rounded-lg object-contain"
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-[var(--kassa-brand)] text-lg font-bold text-white"
        >
          {merchant.name.trim().charAt(0).toUpperCase() || 'K'}
        </div>
      )}
      <div className="min-w-0">
        <p className="hidden text-xs font-medium text-slate-600 sm:block dark:text-slate-300">
          {t('checkout.payment_to')}
        </p>
        {/* the whole name, wrapping when it must (issue 28: "Kassa De…" at 360 px); the badge goes under it when there is no room beside it */}
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <h1 className="min-w-0 text-base font-semibold leading-snug break-words sm:text-lg">{merchant.name}</h1>
          {testMode ? (
            <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {t('checkout.test_badge')}
            </span>
          ) : null}
        </div>
      </div>
    </div>
  );
};
