import type { Metadata } from 'next';
import { CodeBlock } from '../../../components/docs/code-block';
import { FactTable, Guide } from '../../../components/docs/guide';
import { sandboxGiftCards, sandboxTestCards } from '../../../server/pages/sandbox-test-data';

export const metadata: Metadata = { title: 'Test cards and sandbox' };

const GATEWAY = `curl -s -X PUT "$BASE/v1/admin/gateways/sandbox" -H "authorization: Bearer $TOKEN" \\
  -H 'content-type: application/json' -d '{"configuration": {"sandbox": {"unavailable": false, "async_operations": true, "async_delay_ms": 2000}}}'`;

const mono = (text: string) => <span className="whitespace-nowrap font-mono">{text}</span>;

/** /docs/test-cards: the sandbox's test data; the cards and gift cards are read from the sandbox itself. */
export default function TestCards() {
  return (
    <Guide
      title="Test cards and sandbox"
      lead="Test accounts (T and 8 digits) pay through the sandbox: no money moves, and these inputs decide what happens."
    >
      <p>
        The sandbox is on for a test account whose session <code>configuration</code> names no provider; a production
        account (<code>P…</code>) never gets it. Offer more payment types with{' '}
        <code>{'"configuration": {"sandbox": {"creditcard": {"enabled": true}, "invoice": {"enabled": true}}}'}</code>{' '}
        (also <code>installment</code> and <code>wallet</code>), in the order of the keys.
      </p>

      <h2>Cards</h2>
      <p>
        Any future expiry (MM/YY) and any 3-digit security code (4 for American Express). Any other valid card number is
        approved without 3-D Secure.
      </p>
      <FactTable
        caption="Test cards"
        head={['card number', 'result']}
        rows={sandboxTestCards().map((c) => [mono(c.number), c.result])}
      />

      <h2>Gift cards</h2>
      <p>
        For accounts without wallet cards of their own. The balance is in minor units of the session&apos;s currency and
        is never drawn down: every session sees the same. The card pays up to its balance; the card payment pays the
        rest.
      </p>
      <FactTable
        caption="Test gift cards"
        head={['number', 'PIN', 'balance', 'card_id']}
        rows={sandboxGiftCards().map((g) => [
          mono(g.number),
          mono(g.pin),
          g.balance === 0 ? '0 (refused: no balance)' : (g.balance / 100).toFixed(2),
          mono(g.cardId),
        ])}
      />

      <h2>Invoice, part payment and wallet</h2>
      <FactTable
        caption="Other payment types"
        head={['payment type', 'input', 'result']}
        rows={[
          [
            'invoice, part payment',
            'a phone number ending in 0000',
            'refused by the credit check (credit_check_failed)',
          ],
          ['invoice, part payment', 'an e-mail at @onhold.example', 'approved for review (ON_HOLD when allowed)'],
          [
            'invoice, part payment',
            'anything else',
            "approved; the details are kept in the transaction's payment_details",
          ],
          ['part payment', 'plans 3m (interest free), 12m, 24m (14.9 %)', 'the plan chosen on the page'],
          [
            'wallet',
            'the sandbox wallet page',
            'Approve authorizes; Reject returns with payment_error=wallet_rejected',
          ],
        ]}
      />

      <h2>Scenarios</h2>
      <ul>
        <li>
          A 3-D Secure or wallet page is an open attempt: the session takes no second payment until it is answered, and
          it is closed after 15 minutes unanswered.
        </li>
        <li>
          An amount ending in <code>02</code> (a capture, refund or void of 1.02, say) is asynchronous: the answer is{' '}
          <code>202</code> with an <code>event-request-id</code>, and the operation completes shortly after (a callback
          with <code>report_event</code> tells you).
        </li>
        <li>
          The sandbox gateway switches of your account: with <code>unavailable</code>, capture, refund and void answer{' '}
          <code>503</code> and change nothing (as an acquirer that is down); with <code>async_operations</code>, every
          capture, refund and void is accepted for later (<code>202</code>) and completes after{' '}
          <code>async_delay_ms</code> (1000 by default); with <code>silent</code>, capture, refund and void are done but
          never answered (as a timeout looks): the answer is <code>202</code> with the <code>INITIATE_*</code> event
          saying <code>provider_outcome: &quot;unknown&quot;</code>, the amount stays reserved, and the operation
          completes once the sandbox&apos;s status says it is done.
        </li>
        <li>
          The demo store&apos;s payment app (<code>payment_app.demo</code>): an amount ending in <code>51</code> is
          declined, <code>00</code> or <code>33</code> opens the app&apos;s own page, and a capture ending in{' '}
          <code>02</code> is pending for about 2 seconds.
        </li>
      </ul>
      <CodeBlock label="shell: PUT /v1/admin/gateways/sandbox" code={GATEWAY} />
    </Guide>
  );
}
