'use client';
import { useState } from 'react';
import type { ShippingOption, ViewSession } from '../../../domain/view-types';
import { useI18n, type I18n } from '../../i18n/i18n-provider';

/** A weekday (1 = Monday … 7 = Sunday) in the page's locale: 2024-01-01 was a Monday. */
const weekday = (day: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, day)));

const hours = (o: ShippingOption, locale: string): string | undefined =>
  o.pick_up_address?.opening_hours?.periods
    ?.map((p) =>
      `${p.day_of_week ? weekday(p.day_of_week, locale) : ''} ${p.opens_at ?? ''}–${p.closes_at ?? ''}`.trim(),
    )
    .join(', ');

const eta = (o: ShippingOption, { t, plural, locale }: I18n): string | undefined => {
  const days = o.eta?.working_days;
  if (days?.length)
    return days.length === 2
      ? t('express.eta_days_range', { from: days[0]!, to: days[1]! })
      : plural('express.eta_days', days[0]!);
  if (o.eta?.starts_at)
    return t('express.eta_date', { date: new Date(o.eta.starts_at).toLocaleDateString(locale, { timeZone: 'UTC' }) });
  return undefined;
};

const Details = ({ option }: { option: ShippingOption }) => {
  const i18n = useI18n();
  const { t, locale } = i18n;
  const p = option.pick_up_address;
  const lines = [
    option.operator,
    option.description,
    p
      ? [p.business_name, p.address_line, [p.postal_code, p.postal_place].filter(Boolean).join(' ')]
          .filter(Boolean)
          .join(', ')
      : undefined,
    p && hours(option, locale) ? t('express.open_hours', { hours: hours(option, locale)! }) : undefined,
    eta(option, i18n),
    option.pay_in_store?.type === 'full' ? t('express.pay_in_store') : undefined,
  ].filter(Boolean);
  return (
    <>
      {lines.map((l) => (
        <span key={l} className="block text-xs text-slate-600 dark:text-slate-300">
          {l}
        </span>
      ))}
    </>
  );
};

/** The shop's options for the entered address, as one radio group; choosing one saves it at once. */
export const ShippingStep = ({
  session,
  busy,
  onChoose,
}: {
  session: ViewSession;
  busy: boolean;
  onChoose: (option: ShippingOption) => Promise<unknown>;
}) => {
  const { t, money } = useI18n();
  const options = session.express?.shipping_options ?? [];
  const chosen = session.order.shipping_option;
  const key = (o: { id: string; line_id: string }) => `${o.id}/${o.line_id}`;
  // the customer's click shows at once; the server's choice wins when the write is answered
  const [clicked, setClicked] = useState<string>();
  const selected = clicked ?? (chosen ? key(chosen) : '');
  if (options.length === 0) {
    return (
      <p role="status" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        {t('express.cannot_ship')}
      </p>
    );
  }
  const choose = async (o: ShippingOption) => {
    setClicked(key(o));
    await onChoose(o);
    setClicked(undefined);
  };
  return (
    // named by its legend, not by aria-label: a label containing "pin" would also match a search for the "PIN" field
    <fieldset role="radiogroup" aria-busy={busy} className="space-y-2">
      <legend className="sr-only">{t('express.shipping')}</legend>
      {options.map((o) => (
        <label
          key={key(o)}
          className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 dark:border-slate-700 p-3 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 dark:has-[:checked]:bg-indigo-950"
        >
          <input
            type="radio"
            name="shipping"
            value={key(o)}
            checked={selected === key(o)}
            onChange={() => void choose(o)}
            className="mt-1 h-4 w-4 accent-indigo-600"
          />
          <span className="min-w-0 flex-1">
            <span className="block text-sm font-medium text-slate-900 dark:text-slate-100">{o.title ?? o.id}</span>
            <Details option={o} />
          </span>
          <span className="text-sm tabular-nums text-slate-800 dark:text-slate-200">
            {money(o.amount, session.order.currency)}
          </span>
        </label>
      ))}
    </fieldset>
  );
};
