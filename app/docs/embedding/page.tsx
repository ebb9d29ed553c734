import type { Metadata } from 'next';
import { CodeBlock } from '../../../components/docs/code-block';
import { Guide } from '../../../components/docs/guide';

export const metadata: Metadata = { title: 'Embed the checkout' };

const INSTALL = `npm install @dintero/checkout-web-sdk`;

const SESSION = `"configuration": {"embed_origins": ["https://shop.example"]}`;

const EMBED = `import { embed } from '@dintero/checkout-web-sdk';

// sid: the id your server got from POST /v1/sessions (never create the session in the browser)
const checkout = await embed({
  container: document.getElementById('checkout'),
  sid,
  endpoint: 'https://pay.example', // your Kassa's public URL (KASSA_PUBLIC_URL)
  language: 'en', // en, nb, sv, da, fi or de
  onPayment: (event) => {
    // authorized (or ON_HOLD): confirm it on your server with GET /v1/transactions/{id}
    window.location.assign(\`/order/done?transaction_id=\${event.transaction_id}\`);
  },
  onPaymentError: (event) => console.warn('payment failed', event.error),
  onSessionCancel: () => window.location.assign('/cart'),
  onSessionNotFound: () => showMessage('This checkout has expired.'),
});`;

const REDIRECT = `import { redirect } from '@dintero/checkout-web-sdk';

redirect({ sid, endpoint: 'https://pay.example', language: 'nb' });`;

const LOCK = `// before you change the order (say the cart changed on your page)
await checkout.lockSession(); // the customer cannot pay until the session is updated
await fetch('/api/update-kassa-session', { method: 'POST' }); // your server: PUT /v1/sessions/{id}
await checkout.refreshSession(); // the page shows the new order`;

const CSP = `Content-Security-Policy: frame-src https://pay.example; ...`;

/** /docs/embedding: the checkout inside the merchant's page, with @dintero/checkout-web-sdk. */
export default function Embedding() {
  return (
    <Guide
      title="Embed the checkout"
      lead="Keep the customer on your own page: the browser SDK @dintero/checkout-web-sdk shows Kassa's checkout in an iframe and tells your page what happens."
    >
      <p>
        Kassa answers the SDK as the hosted checkout it was written for: set <code>endpoint</code> to your Kassa&apos;s
        public URL. The demo store&apos;s &quot;Checkout on this page&quot; (<code>/demo</code>) is a working example.
      </p>
      <CodeBlock label="shell" code={INSTALL} />

      <h2>1. Allow your site to frame the checkout</h2>
      <p>
        Create the session on your server as in the <a href="/docs/quick-start">quick start</a>, and list the sites that
        embed it in <code>configuration.embed_origins</code> (on the session or its profile). Each entry is an origin
        exactly as a browser sends it: scheme, lower-case host and a port only when it is not the default, no path and
        no trailing slash. These become the page&apos;s <code>frame-ancestors</code> and the only origin its messages go
        to. Without the list, a test account may be framed by any site, a production account only by its{' '}
        <code>return_url</code>&apos;s origin.
      </p>
      <CodeBlock label="in the body of POST /v1/sessions" code={SESSION} />

      <h2>2. Embed it</h2>
      <p>
        Give the session id to your page and call <code>embed</code>. The iframe grows with its content. The SDK calls
        your handlers with the result; with <code>onPayment</code> set, the iframe shows the result itself instead of
        navigating your page away.
      </p>
      <CodeBlock label="your page (JavaScript)" code={EMBED} />
      <ul>
        <li>
          <code>ui: &apos;inline&apos;</code> (the default for <code>embed</code>) has no page chrome and a transparent
          background; the customer&apos;s browser is never sent away from your page.
        </li>
        <li>
          <code>onSessionCancel</code> is called when the customer leaves the checkout without paying. With{' '}
          <code>ui: &apos;modal&apos;</code> its close button and Escape (outside a field) leave the session open: the
          customer can come back to it and pay. Only &quot;Cancel payment&quot;, which asks first, cancels the session
          (its status becomes <code>CANCELLED</code>).
        </li>
        <li>
          <code>popOut: true</code> opens payment types that need a page of their own (the sandbox wallet) in a window
          of the SDK.
        </li>
        <li>
          Also there: <code>onSession</code> (loaded and updated), <code>onActivePaymentType</code>,{' '}
          <code>onSessionLocked</code>, <code>onSessionLockFailed</code> and <code>onValidateSession</code>.
        </li>
      </ul>
      <p>Your own page&apos;s Content-Security-Policy, if it has one, must allow the frame:</p>
      <CodeBlock label="your page's response header" code={CSP} />

      <h2>3. Change the order while the checkout is open</h2>
      <p>
        Lock the session first, so the customer cannot pay for the old order, update it from your server with{' '}
        <code>PUT /v1/sessions/{'{id}'}</code> (which releases the lock), then refresh the checkout. While the session
        is locked the checkout&apos;s fields and pay button are disabled, and it tells the customer that the shop is
        updating the order.
      </p>
      <CodeBlock label="your page (JavaScript)" code={LOCK} />

      <h2>Or: send the customer to the checkout</h2>
      <p>
        <code>redirect</code> opens the same checkout as a full page, like the session&apos;s <code>url</code> does. The
        customer comes back to your <code>return_url</code>.
      </p>
      <CodeBlock label="your page (JavaScript)" code={REDIRECT} />
    </Guide>
  );
}
