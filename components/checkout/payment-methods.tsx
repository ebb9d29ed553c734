'use client';
import { useEffect, useId } from 'react';
import type { ViewSession } from '../../domain/view-types';
import { useI18n } from '../i18n/i18n-provider';
import type { MessageKey } from '../i18n/translate';
import { CardMethod } from './methods/card-method';
import { lazyPart } from './lazy-part';
import { MethodIcon } from './methods/method-icon';
import type { usePayment } from './use-payment';

export type Payment = ReturnType<typeof usePayment>;

const NAMES: Record<string, MessageKey> = {
  'sandbox.creditcard': 'methods.creditcard',
  'sandbox.invoice': 'methods.invoice',
  'sandbox.installment': 'methods.installment',
  'sandbox.wallet': 'methods.wallet',
};

/** The session, the types it offers (in the merchant's order, after `show_payment_type`) and the one chosen. */
export interface MethodChoice {
  sid: string;
  session: ViewSession;
  methods: ViewSession['configuration']['payment_methods'];
  activeType: string | undefined;
  onSelectType: (type: string) => void;
}

type Props = MethodChoice & { payment: Payment };

// The card is in the first load; the other types' forms load once the page runs (ADR 018).
const ContactMethod = lazyPart(() => import('./methods/contact-method').then((m) => m.ContactMethod));
const WalletMethod = lazyPart(() => import('./methods/wallet-method').then((m) => m.WalletMethod));

/** Loads the forms of the non-card types the session offers, so choosing one shows it at once. */
export const preloadMethodForms = async (methods: Props['methods']): Promise<void> => {
  const types = methods.map((m) => m.payment_product_type).join();
  await Promise.all([/sandbox\.(invoice|installment)/.test(types) ? ContactMethod.preload() : undefined, types.includes('sandbox.wallet') ? WalletMethod.preload() : undefined]);
};

const usePreloadForms = (methods: Props['methods']) => {
  useEffect(() => {
    void preloadMethodForms(methods);
  }, [methods]);
};

/** The form that pays with one type. */
const MethodForm = ({ type, sid, session, payment }: { type: string; sid: string; session: ViewSession; payment: Payment }) => {
  switch (type) {
    case 'sandbox.invoice':
    case 'sandbox.installment':
      return <ContactMethod type={type} sid={sid} session={session} payment={payment} />;
    case 'sandbox.wallet':
      return <WalletMethod sid={sid} session={session} payment={payment} />;
    default:
      return <CardMethod session={session} payment={payment} />;
  }
};

/**
 * The payment types the session offers, in the merchant's order: one radio each, the chosen one
 * opening its form below it. With a single type, just its form.
 */
export const PaymentMethods = ({ sid, session, methods, activeType, onSelectType, payment }: Props) => {
  const { t } = useI18n();
  const name = useId();
  usePreloadForms(methods);
  const active = methods.find((m) => m.payment_product_type === activeType)?.payment_product_type ?? methods[0]?.payment_product_type ?? 'sandbox.creditcard';
  if (methods.length <= 1) return <MethodForm type={active} sid={sid} session={session} payment={payment} />;
  return (
    <fieldset>
      <legend className="sr-only">{t('methods.legend')}</legend>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {methods.map((m) => {
          const type = m.payment_product_type;
          const checked = type === active;
          const label = NAMES[type] ? t(NAMES[type]) : m.name;
          return (
            <li key={type}>
              <label className="flex cursor-pointer items-center gap-3 px-4 py-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-[var(--kassa-brand)]">
                <input type="radio" name={name} value={type} checked={checked} onChange={() => onSelectType(type)} className="h-4 w-4 accent-[var(--kassa-brand)] focus-visible:outline-none" />
                <span className="flex-1 text-sm font-medium">{label}</span>
                <MethodIcon type={type} />
              </label>
              {checked ? (
                <div className="px-4 pb-4">
                  <MethodForm type={type} sid={sid} session={session} payment={payment} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
};
