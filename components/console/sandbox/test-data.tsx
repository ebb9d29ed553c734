import type { ReactNode } from 'react';
import { scenarioRows } from './sandbox-scenarios';

export interface SandboxCards {
  cards: { number: string; result: string }[];
  giftCards: { number: string; pin: string; balance: number; cardId: string }[];
}

const Table = ({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) => (
  <div
    tabIndex={0}
    role="region"
    aria-label={caption}
    className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-700"
  >
    <table className="w-full text-left text-sm">
      <caption className="border-b border-slate-200 px-3 py-2 text-left font-semibold">{caption}</caption>
      <thead className="bg-slate-50 text-slate-700">
        <tr>
          {head.map((h) => (
            <th key={h} scope="col" className="px-3 py-2 font-semibold">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {rows.map((cells, i) => (
          <tr key={i}>
            {cells.map((c, j) => (
              <td key={j} className="px-3 py-2 align-top">
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);
const mono = (t: string) => <span className="font-mono whitespace-nowrap">{t}</span>;

/** The sandbox's test cards and gift cards (read from the sandbox itself by the page) and its other scenarios. */
export function SandboxTestData({ cards, giftCards }: SandboxCards) {
  return (
    <section aria-labelledby="test-data-title" className="grid gap-4">
      <h2 id="test-data-title" className="text-xl font-semibold">
        Test cards and scenarios
      </h2>
      <p className="text-slate-600">
        Any future expiry and any 3-digit security code (4 for American Express) go with these cards; other valid card
        numbers are approved without 3-D Secure.
      </p>
      <Table
        caption="Test cards"
        head={['Card number', 'Result']}
        rows={cards.map((c) => [mono(c.number), c.result])}
      />
      <Table
        caption="Test gift cards"
        head={['Number', 'PIN', 'Balance', 'card_id']}
        rows={giftCards.map((g) => [
          mono(g.number),
          mono(g.pin),
          g.balance === 0 ? '0 (refused: no balance)' : `${(g.balance / 100).toFixed(2)} in the session's currency`,
          mono(g.cardId),
        ])}
      />
      <Table
        caption="Other scenarios"
        head={['Payment type', 'Input', 'Result']}
        rows={scenarioRows().map((s) => [s.payment, s.input, s.result])}
      />
    </section>
  );
}
