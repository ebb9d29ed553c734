import type { Metadata } from 'next';
import { CodeBlock } from '../../../components/docs/code-block';
import { FactTable, Guide } from '../../../components/docs/guide';
import { DISCOUNT_ANSWER, EXPRESS_SESSION, SHIPPING_ANSWER } from './examples';

export const metadata: Metadata = { title: 'Express callbacks' };

/** /docs/express-callbacks: what Kassa sends the merchant's server during an express checkout, and what it must answer. */
export default function ExpressCallbacks() {
  return (
    <Guide
      title="Express callbacks"
      lead="In an express checkout the page asks the customer for an address, then asks your server which shipping options and discounts apply. This is what Kassa sends and what your server must answer."
    >
      <h2>Turn it on</h2>
      <p>
        Create the session with <code>express</code>: your shipping address callback, and your discount codes callback
        with <code>configuration.discounts.express_discount_codes.enabled</code>. Without a shipping callback, the
        options in <code>express.shipping_options</code> are offered as they are.
      </p>
      <CodeBlock label="POST /v1/sessions (body)" code={EXPRESS_SESSION} />

      <h2>What every express callback gets</h2>
      <ul>
        <li>
          A <code>POST</code> whose JSON body is the <strong>whole session</strong>, as{' '}
          <code>GET /v1/sessions/{'{id}'}</code> returns it.
        </li>
        <li>
          The header <code>Kassa-Signature</code> once your account has a signing secret, made like every
          callback&apos;s with method <code>POST</code> and the URL you gave:{' '}
          <a href="/docs/verify-signature">verify it</a>.
        </li>
        <li>
          A 10 second timeout and <strong>no retries</strong>. Answer <code>200</code> with JSON (at most 256 KiB).
          Anything else, a timeout or an answer that breaks the rules below is a failure: the session stays as it was,
          and the page tells the customer and offers &quot;Try again&quot;.
        </li>
        <li>
          Your URLs go through the callback URL policy: private and loopback addresses are refused for production
          accounts (unless the server allows them).
        </li>
      </ul>

      <h2>Shipping address callback</h2>
      <p>
        <code>express.shipping_address_callback_url</code> is called after every address change, with the new address in{' '}
        <code>order.shipping_address</code>. Answer the shipping options for that address.
      </p>
      <CodeBlock label="your answer (200)" code={SHIPPING_ANSWER} />
      <ul>
        <li>
          <code>[]</code> means you cannot ship there: the page says so and the order cannot be paid.
        </li>
        <li>
          A chosen option you no longer offer is cleared; one you still offer takes the price you answer. Options with
          the same <code>id</code> are one product (pick-up points, say); <code>line_id</code> is unique.
        </li>
        <li>
          <code>order</code> is optional and replaces the order&apos;s amounts when you re-price on the address.
        </li>
      </ul>

      <h2>Discount codes callback</h2>
      <p>
        <code>express.discount_codes.callback_url</code> is called when the customer adds or removes a code, with the
        codes in <code>order.discount_codes</code>. Answer <strong>every</strong> item, re-priced with its{' '}
        <code>discount_lines</code>, the codes that apply (<code>[]</code>: none does, and the page says so), the new{' '}
        <code>order.amount</code>, and the shipping options (repeated, or re-priced: free shipping, say).
      </p>
      <CodeBlock label="your answer (200)" code={DISCOUNT_ANSWER} />

      <h2>The rules an answered order must keep</h2>
      <p>
        An answered order must be one you could store with <code>PUT /v1/sessions/{'{id}'}</code>:
      </p>
      <FactTable
        caption="Rules of an answered order"
        head={['field', 'rule']}
        rows={[
          [<code key="c">currency</code>, "the session's currency"],
          [<code key="i">items[].line_id</code>, 'unique; no item of the session left out'],
          [
            <code key="a">amount</code>,
            'at least 1 (int32): the items plus the chosen shipping option at its new price, less order-level discount_lines',
          ],
          [<code key="g">items[].amount</code>, 'its gross_amount less its own discount_lines'],
        ]}
      />

      <h2>The payment callback</h2>
      <p>
        <code>url.callback_url</code> is not an express callback: it is a <code>GET</code> (or a <code>POST</code> with
        the transaction when the URL says <code>method=POST</code>) after the payment and, with{' '}
        <code>report_event=CAPTURE</code> and the like, after each later operation. Answer any <code>2xx</code>. A{' '}
        <code>5xx</code>, a timeout (10 s) or a connection error is retried with backoff, up to 20 times; any other
        status is final. Deduplicate on <code>event_id</code>; <code>GET /v1/admin/callbacks</code> shows every attempt.
      </p>
      <p>
        The demo store (<code>/demo</code>) answers all three callbacks; its code is in <code>server/demo/</code>.
      </p>
    </Guide>
  );
}
