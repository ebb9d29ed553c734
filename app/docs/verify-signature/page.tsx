import type { Metadata } from 'next';
import { CodeBlock } from '../../../components/docs/code-block';
import { Guide } from '../../../components/docs/guide';
// The files themselves, which test/integration/docs-signature-snippets.test.ts runs against a real Kassa.
import nodeSnippet from '../_snippets/verify-signature.mjs?raw';
import pythonSnippet from '../_snippets/verify_signature.py?raw';

export const metadata: Metadata = { title: 'Verify callback signatures' };

const SECRET = `curl -s -X POST "$BASE/v1/admin/signature" -H "authorization: Bearer $TOKEN"
# {"id": "…", "created_at": "…", "created_by": "…", "signature": {"type": "v0-hmac-sha256", "secret": "…"}}`;

const SIGNED = `1582236537          the header's t (unix seconds)
P00000000           your account id
GET                 the HTTP method
example.com         the URL's hostname (no port)
/callback           the URL's path
A=992&B=123         the whole query, sorted by key (as URLSearchParams.sort() and toString() write it)`;

/** /docs/verify-signature: the callback signature scheme, with tested Node.js and Python code. */
export default function VerifySignature() {
  return (
    <Guide
      title="Verify callback signatures"
      lead="Every callback Kassa sends (payment, express, payment app) carries a signature made with your account's secret. Check it before you act on a callback."
    >
      <h2>1. Create a signing secret</h2>
      <p>
        Once: <code>POST /v1/admin/signature</code> creates the secret (again: a new one replaces it for every later
        callback); <code>GET /v1/admin/signature</code> reads it. Keep it on your server.
      </p>
      <CodeBlock label="shell" code={SECRET} />

      <h2>2. What is signed</h2>
      <p>
        The header is <code>Kassa-Signature: t=&lt;unix seconds&gt;,v0-hmac-sha256=&lt;hex&gt;</code>, without spaces.
        The hex is the HMAC-SHA256, keyed with your secret, of these six lines joined by <code>\n</code>:
      </p>
      <CodeBlock label="the signed text, line by line" code={SIGNED} />
      <p>
        With secret <code>123</code> this example gives{' '}
        <code className="break-all">6bed2ab1b919d460ef7465a20dc6c97260dca73fab6647106ca525f0908df64a</code> for{' '}
        <code>GET https://example.com/callback?B=123&amp;A=992</code> at <code>t=1582236537</code>.
      </p>
      <ul>
        <li>
          Take the method and the URL of the request you received. Its hostname is in the <code>Host</code> header;
          behind a proxy that rewrites it, use the host of the callback URL you gave Kassa. Kassa&apos;s own query
          parameters and yours are both signed.
        </li>
        <li>
          Refuse a timestamp more than 5 minutes from your clock, so a recorded callback cannot be replayed later.
        </li>
        <li>
          Compare in constant time (<code>timingSafeEqual</code>, <code>hmac.compare_digest</code>).
        </li>
        <li>
          <strong>The body is not signed.</strong> When your URL says <code>method=POST</code>, do not act on the body:
          read the transaction with <code>GET /v1/transactions/{'{transaction_id}'}</code> (the id is in the signed
          query).
        </li>
        <li>
          Answer <code>401</code> to a request that fails the check: Kassa does not retry a <code>4xx</code>. After
          fixing a wrong secret, send a failed callback again with <code>POST /v1/admin/callbacks/{'{id}'}/retry</code>.
        </li>
      </ul>

      <h2>3. Node.js</h2>
      <p>
        Node.js 18 or later, nothing to install: <code>verifyKassaSignature</code> and a small callback endpoint that
        answers 200 or 401.
      </p>
      <CodeBlock label="verify-signature.mjs" code={nodeSnippet} />

      <h2>4. Python</h2>
      <p>Python 3.10 or later, the standard library only: the same check and the same endpoint.</p>
      <CodeBlock label="verify_signature.py" code={pythonSnippet} />
      <p>
        Both files are run by Kassa&apos;s own tests as callback endpoints of a real Kassa: they accept its callbacks
        and refuse a changed query, method, secret or account, an old timestamp and a malformed header.
      </p>
    </Guide>
  );
}
