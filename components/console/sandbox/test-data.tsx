import type { ReactNode } from 'react';
import { FactTable } from '../../ui/fact-table';
import { scenarioRows } from './sandbox-scenarios';

export interface SandboxCards {
  cards: { number: string; result: string }[];
  giftCards: { number: string; pin: string; balance: number; cardId: string }[];
}

const Table = (props: { caption: string; head: string[]; rows: ReactNode[][] }) => (
  <FactTable {...props} captionShown />
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
