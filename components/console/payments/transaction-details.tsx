import type { ReactNode } from 'react';
import { money } from './payment-money';
import type { Address, Transaction } from './payment-types';
import type { TransactionAmounts } from './transaction-amounts';

export const panel = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={panel}>
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Authorized, captured, refunded, voided, and what is left to capture and to refund. */
export function AmountsPanel({
  transaction: t,
  amounts: a,
}: {
  transaction: Transaction;
  amounts: TransactionAmounts;
}) {
  const rows: [string, number][] = [
    ['Authorized', a.authorized],
    ['Captured', a.captured],
    ['Refunded', a.refunded],
    ...(a.voided > 0 ? ([['Voided', a.voided]] as [string, number][]) : []),
    ['Left to capture', a.leftToCapture],
    ['Left to refund', a.leftToRefund],
  ];
  const pending = a.pendingCapture + a.pendingRefund + a.pendingVoid;
  return (
    <Panel id="amounts" title="Amounts">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-slate-50 p-3">
            <dt className="text-xs font-medium text-slate-600">{label}</dt>
            <dd className="mt-1 font-mono text-base font-semibold" data-testid={`amount-${label}`}>
              {money(value, t.currency)}
            </dd>
          </div>
        ))}
      </dl>
      {pending > 0 ? (
        <p className="mt-3 text-sm text-amber-900">
          {money(pending, t.currency)} is with the payment provider and not settled yet.
        </p>
      ) : null}
      {t.gift_cards?.length ? (
        <p className="mt-3 text-sm text-slate-700">
          Gift cards paid{' '}
          {t.gift_cards.map((g) => `${money(g.amount, t.currency)} (${g.masked_card_token})`).join(', ')}; the{' '}
          {t.payment_product_type} paid {money(t.card_amount ?? t.amount, t.currency)}.
        </p>
      ) : null}
    </Panel>
  );
}

/** The payment method: the card's brand and masked number (the only card data Kassa keeps), or the product. */
export function CardPanel({ transaction: t }: { transaction: Transaction }) {
  return (
    <Panel id="card" title="Payment method">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Product</dt>
        <dd className="break-all">{t.payment_product_type}</dd>
        {t.card ? (
          <>
            <dt className="text-slate-600">Card</dt>
            <dd>
              {t.card.brand} <span className="font-mono">{t.card.masked_pan}</span>
            </dd>
            <dt className="text-slate-600">Expiry</dt>
            <dd className="font-mono">{t.card.expiry_date}</dd>
            <dt className="text-slate-600">Type</dt>
            <dd>{t.card.type}</dd>
          </>
        ) : null}
      </dl>
    </Panel>
  );
}

const KNOWN = new Set([
  'first_name',
  'last_name',
  'business_name',
  'address_line',
  'address_line_2',
  'postal_code',
  'postal_place',
  'country',
  'email',
  'phone_number',
]);
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);

/** An address as the API gives it: name, street, postal code and place, country, e-mail, phone, then the rest. */
function AddressLines({ address: a }: { address: Address }) {
  const lines = [
    [text(a.first_name), text(a.last_name)].filter(Boolean).join(' '),
    text(a.business_name),
    text(a.address_line),
    text(a.address_line_2),
    [text(a.postal_code), text(a.postal_place)].filter(Boolean).join(' '),
    text(a.country),
    text(a.email),
    text(a.phone_number),
    ...Object.entries(a)
      .filter(([k, v]) => !KNOWN.has(k) && text(v))
      .map(([k, v]) => `${k.replace(/_/g, ' ')}: ${text(v)}`),
  ].filter(Boolean);
  return (
    <address className="text-sm break-words not-italic">
      {lines.map((l, i) => (
        <span key={i} className="block">
          {l}
        </span>
      ))}
    </address>
  );
}

/** The shopper: customer, shipping and billing addresses, as given. */
export function ShopperPanel({ transaction: t }: { transaction: Transaction }) {
  const parts: [string, Address | undefined][] = [
    ['Customer', t.customer],
    ['Shipping address', t.shipping_address],
    ['Billing address', t.billing_address],
  ];
  const shown = parts.filter((p): p is [string, Address] => p[1] !== undefined && Object.keys(p[1]).length > 0);
  return (
    <Panel id="shopper" title="Shopper">
      {shown.length === 0 ? <p className="text-sm text-slate-600">The payment names no customer or address.</p> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {shown.map(([label, address]) => (
          <div key={label}>
            <h3 className="mb-1 text-sm font-semibold text-slate-800">{label}</h3>
            <AddressLines address={address} />
          </div>
        ))}
      </div>
    </Panel>
  );
}
