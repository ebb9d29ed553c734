'use client';
import { useEffect, useId } from 'react';
import type { PaymentMethod, ViewSession } from '../../domain/view-types';
import { useI18n } from '../i18n/i18n-provider';
import { CardMethod } from './methods/card-method';
import { lazyPart } from './lazy-part';
import { kindOf } from './method-kind';
import { methodName } from './method-name';
import { MethodIcon } from './methods/method-icon';
import type { usePayment } from './use-payment';

export type Payment = ReturnType<typeof usePayment>;

/** The session, the types it offers (in the merchant's order, after `show_payment_type`) and the one chosen. */
export interface MethodChoice {
  sid: string;
  session: ViewSession;
  methods: ViewSession['configuration']['payment_methods'];
  activeType: string | undefined;
  onSelectType: (type: string) => void;
}

type Props = MethodChoice & { payment: Payment };

/** What a method's form is given: the method, the session it pays and the payment. */
export interface MethodFormProps {
  method: PaymentMethod;
  sid: string;
  session: ViewSession;
  payment: Payment;
}

// The card is in the first load; the other types' forms load once the page runs (ADR 018).
const ContactMethod = lazyPart(() => import('./methods/contact-method').then((m) => m.ContactMethod));
const WalletMethod = lazyPart(() => import('./methods/wallet-method').then((m) => m.WalletMethod));

/** Loads the forms of the non-card types the session offers (`methods`, of `session`), so choosing one shows it at once. */
export const preloadMethodForms = async (session: ViewSession, methods: Props['methods']): Promise<void> => {
  const kinds = new Set(methods.map((m) => kindOf(session, m.payment_product_type)));
  await Promise.all([
    kinds.has('invoice') || kinds.has('installment') ? ContactMethod.preload() : undefined,
    kinds.has('wallet') || kinds.has('redirect') ? WalletMethod.preload() : undefined,
  ]);
};

const usePreloadForms = (session: ViewSession, methods: Props['methods']) => {
  useEffect(() => {
    void preloadMethodForms(session, methods);
  }, [session, methods]);
};

/** The form that pays with one method, by its kind: a card form, the lender's questions, or a button to the provider's page. */
const MethodForm = ({ method, sid, session, payment }: MethodFormProps) => {
  const type = method.payment_product_type;
  const kind = kindOf(session, type);
  switch (kind) {
    case 'invoice':
    case 'installment':
      return <ContactMethod type={type} kind={kind} sid={sid} session={session} payment={payment} />;
    case 'wallet':
    case 'redirect':
      return <WalletMethod method={method} sid={sid} session={session} payment={payment} />;
    default:
      return <CardMethod type={type} session={session} payment={payment} />;
  }
};

/**
 * The payment types the session offers, in the merchant's order: one radio each, the chosen one
 * opening its form below it. With a single type, just its form.
 */
export const PaymentMethods = ({ sid, session, methods, activeType, onSelectType, payment }: Props) => {
  const { t } = useI18n();
  const name = useId();
  usePreloadForms(session, methods);
  const active = methods.find((m) => m.payment_product_type === activeType) ?? methods[0];
  if (!active) return null; // the server offers at least one method
  if (methods.length <= 1) return <MethodForm method={active} sid={sid} session={session} payment={payment} />;
  return (
    <fieldset>
      <legend className="sr-only">{t('methods.legend')}</legend>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {methods.map((m) => {
          const type = m.payment_product_type;
          const checked = m === active;
          const label = methodName(t, m);
          return (
            <li key={type}>
              <label className="flex cursor-pointer items-center gap-3 px-4 py-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:-outline-offset-2 has-[:focus-visible]:outline-[var(--kassa-brand)]">
                <input
                  type="radio"
                  name={name}
                  value={type}
                  checked={checked}
                  onChange={() => onSelectType(type)}
                  className="h-4 w-4 accent-[var(--kassa-brand)] focus-visible:outline-none"
                />
                <span className="flex-1 text-sm font-medium">{label}</span>
                <MethodIcon kind={kindOf(session, type)} />
              </label>
              {checked ? (
                <div className="px-4 pb-4">
                  <MethodForm method={m} sid={sid} session={session} payment={payment} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
};
