import { money } from './payment-money';
import type { Transaction } from './payment-types';
import { linesOf } from './transaction-amounts';
import { Panel } from './transaction-details';

const cell = 'px-3 py-2 text-left align-top';

/** The order lines, with what itemized captures and refunds took of each; the shipping option below them. */
export function TransactionItems({ transaction: t }: { transaction: Transaction }) {
  const lines = linesOf(t);
  const shipping = t.shipping_option;
  return (
    <Panel id="items" title="Items">
      {lines.length === 0 && !shipping ? <p className="text-sm text-slate-600">The order names no items.</p> : null}
      {lines.length > 0 ? (
        // a narrow window scrolls the table sideways; the region takes the keyboard's focus to scroll it too
        <div
          role="region"
          aria-label="Items table"
          tabIndex={0}
          className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-indigo-700"
        >
          <table className="w-full min-w-[32rem] text-sm">
            <thead className="border-b border-slate-200 text-xs text-slate-600">
              <tr>
                <th scope="col" className={cell}>
                  Item
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  Quantity
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  Amount
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  Captured
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  Refunded
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {lines.map((l) => (
                <tr key={l.item.line_id}>
                  <th scope="row" className={`${cell} font-normal`}>
                    {l.item.description ?? l.item.id ?? l.item.line_id}
                    <span className="block text-xs text-slate-600">line {l.item.line_id}</span>
                  </th>
                  <td className={`${cell} text-right`}>{l.item.quantity ?? '–'}</td>
                  <td className={`${cell} text-right font-mono`}>{money(l.item.amount, t.currency)}</td>
                  <td className={`${cell} text-right font-mono`}>{money(l.captured, t.currency)}</td>
                  <td className={`${cell} text-right font-mono`}>{money(l.refunded, t.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {shipping ? (
        <p className="mt-3 text-sm text-slate-700">
          Shipping: {shipping.title ?? shipping.operator ?? shipping.line_id ?? 'chosen option'}
          {typeof shipping.amount === 'number' ? `, ${money(shipping.amount, t.currency)}` : ''}
        </p>
      ) : null}
      <p className="mt-3 text-xs text-slate-600">
        Captured and refunded per line count only operations that named items; the amounts above count all.
      </p>
    </Panel>
  );
}
