import type { Metadata } from 'next';
import { Guide } from '../../components/docs/guide';
import { DOCS_PAGES, OPENAPI_URL } from '../../components/docs/guides';

export const metadata: Metadata = { title: { absolute: 'Kassa API docs' } };

const ABOUT: Record<string, string> = {
  '/docs/quick-start': 'Get a token, create a session, send the customer to pay, capture the payment.',
  '/docs/embedding': 'Show the checkout inside your own page with @dintero/checkout-web-sdk.',
  '/docs/express-callbacks': 'What Kassa asks your server during an express checkout, and what to answer.',
  '/docs/verify-signature': 'Check that a callback comes from Kassa, in Node.js and in Python.',
  '/docs/test-cards': 'Cards, gift cards and other inputs that make the sandbox approve, decline or wait.',
  '/docs/reference': 'Every operation of the API, rendered from the OpenAPI document this server serves.',
};

/** /docs: what the guides are for, and where the reference is. */
export default function DocsHome() {
  return (
    <Guide
      title="Kassa API docs"
      lead="Kassa hosts the checkout page: your server creates a session, the customer pays on Kassa's page, and your server captures, refunds or voids the payment while Kassa calls you back."
    >
      <ul className="!list-none !pl-0">
        {DOCS_PAGES.filter((p) => ABOUT[p.href]).map((p) => (
          <li key={p.href} className="rounded-xl border border-slate-200 p-4">
            <a href={p.href}>{p.title}</a>
            <p className="!mt-1 text-sm">{ABOUT[p.href]}</p>
          </li>
        ))}
      </ul>
      <p>
        Amounts are integers in minor units (<code>10000</code> NOK is 100.00 NOK). Errors are{' '}
        <code>{'{"error": {"message", "code", "errors"}}'}</code> with a stable <code>code</code>. The machine-readable
        description of the API is the OpenAPI 3.1 document at <a href={OPENAPI_URL}>{OPENAPI_URL}</a>.
      </p>
    </Guide>
  );
}
