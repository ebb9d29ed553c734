import type { Metadata } from 'next';
import { CodeBlock } from '../../../components/docs/code-block';
import { Guide } from '../../../components/docs/guide';

export const metadata: Metadata = { title: 'Quick start' };

const SETUP = `BASE=http://localhost:3000   # this Kassa
ACCOUNT=T00000001            # the demo merchant's test account (T: test, P: production)
CLIENT=demo-merchant
SECRET='<the client secret that the first npm start printed>'`;

const TOKEN = `TOKEN=$(curl -s -u "$CLIENT:$SECRET" -H 'content-type: application/json' \\
  -d "{\\"grant_type\\":\\"client_credentials\\",\\"audience\\":\\"$BASE/v1/accounts/$ACCOUNT\\"}" \\
  "$BASE/v1/accounts/$ACCOUNT/auth/token" | node -pe 'JSON.parse(fs.readFileSync(0)).access_token')`;

const SESSION = `curl -s "$BASE/v1/sessions" -H "authorization: Bearer $TOKEN" \\
  -H 'content-type: application/json' -H 'idempotency-key: order-1-session' -d '{
  "url": {"return_url": "https://shop.example/return", "callback_url": "https://shop.example/kassa/callback"},
  "order": {"amount": 10000, "currency": "NOK", "merchant_reference": "order-1",
            "items": [{"line_id": "1", "description": "T-shirt", "quantity": 1, "amount": 10000, "vat": 25}]}}'`;

const SESSION_ANSWER = `{"id": "T00000001.4dbsT6EzMNwRMzj1u6Gvq8", "url": "http://localhost:3000/v1/view/T00000001.4dbsT6EzMNwRMzj1u6Gvq8"}`;

const REDIRECT = `HTTP/1.1 302 Found
Location: http://localhost:3000/v1/view/T00000001.4dbsT6EzMNwRMzj1u6Gvq8`;

const CHECK = `curl -s "$BASE/v1/transactions/<transaction_id>" -H "authorization: Bearer $TOKEN"`;

const CAPTURE = `curl -s "$BASE/v1/transactions/<transaction_id>/capture" -H "authorization: Bearer $TOKEN" \\
  -H 'content-type: application/json' -H 'idempotency-key: order-1-capture-1' -d '{"amount": 10000}'`;

const LATER = `# give back part of what was captured
curl -s "$BASE/v1/transactions/<transaction_id>/refund" -H "authorization: Bearer $TOKEN" \\
  -H 'content-type: application/json' -d '{"amount": 2500}'
# or, instead of a capture, release the whole authorization
curl -s -X POST "$BASE/v1/transactions/<transaction_id>/void" -H "authorization: Bearer $TOKEN"`;

/** /docs/quick-start: a token, a session, the customer's redirect, a capture; real requests against the demo account. */
export default function QuickStart() {
  return (
    <Guide
      title="Quick start"
      lead="Take a payment from start to finish with curl: get a token, create a checkout session, send the customer to pay, and capture."
    >
      <p>
        The commands use the demo merchant that <code>npm start</code> creates when nothing is configured: test account{' '}
        <code>T00000001</code>, client <code>demo-merchant</code>, and the client secret that the first start printed
        (only that once: it is stored hashed). With your own account, use its id and client instead.
      </p>
      <CodeBlock label="shell: the placeholders" code={SETUP} />

      <h2>1. Get an access token</h2>
      <p>
        OAuth 2 client credentials: your client id and secret as Basic authentication, and the account as the{' '}
        <code>audience</code>. The answer is <code>{'{"access_token", "token_type": "Bearer", "expires_in"}'}</code>;
        the token is valid for 4 hours. Call this from your server only: the secret never goes to a browser.
      </p>
      <CodeBlock label="shell: POST /v1/accounts/{aid}/auth/token" code={TOKEN} />

      <h2>2. Create a checkout session</h2>
      <p>
        The order is in minor units, and <code>amount</code> is the sum of the items. <code>return_url</code> is where
        the customer comes back to; <code>callback_url</code> is called by Kassa (server to server) once the payment is
        authorized. The <code>Idempotency-Key</code> makes a retry of the same request safe: it answers the first
        session again instead of creating another.
      </p>
      <CodeBlock label="shell: POST /v1/sessions" code={SESSION} />
      <CodeBlock label="the answer (200)" code={SESSION_ANSWER} />

      <h2>3. Send the customer to the checkout</h2>
      <p>
        Answer the customer&apos;s browser with a redirect to the session&apos;s <code>url</code>. That address sends
        the customer on to the checkout page (<code>/?sid=…</code>), where they choose how to pay. In the sandbox, pay
        with card <code>4111 1111 1111 1111</code>, any future expiry and CVC <code>123</code> (more in{' '}
        <a href="/docs/test-cards">Test cards and sandbox</a>). To keep the customer on your page instead, embed the
        checkout: <a href="/docs/embedding">Embed the checkout</a>.
      </p>
      <CodeBlock label="your server's answer to the customer" code={REDIRECT} />
      <p>
        After paying, the customer comes back to{' '}
        <code>https://shop.example/return?transaction_id=…&amp;merchant_reference=order-1</code> (with{' '}
        <code>error=cancelled</code>, <code>authorization</code> or <code>failed</code> when nothing was paid). Do not
        take the browser&apos;s word for it: read the transaction from the API, or wait for the callback and{' '}
        <a href="/docs/verify-signature">verify its signature</a>.
      </p>
      <CodeBlock label="shell: GET /v1/transactions/{id}" code={CHECK} />
      <p>
        Its <code>status</code> is <code>AUTHORIZED</code>: the money is reserved on the card, not yet taken.
      </p>

      <h2>4. Capture the payment</h2>
      <p>
        Capture when you ship: the whole amount, or a part (several captures are allowed up to the authorized amount).
        The answer is the transaction, now <code>CAPTURED</code> (or <code>PARTIALLY_CAPTURED</code>).
      </p>
      <CodeBlock label="shell: POST /v1/transactions/{id}/capture" code={CAPTURE} />
      <CodeBlock label="shell: refund and void" code={LATER} />
      <p>
        Every operation, its fields and its answers are in the <a href="/docs/reference">API reference</a>.
      </p>
    </Guide>
  );
}
