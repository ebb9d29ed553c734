import type { Metadata } from 'next';
import 'swagger-ui-dist/swagger-ui.css';
import { OPENAPI_URL } from '../../../components/docs/guides';
import { ReferenceViewer } from '../../../components/docs/reference-viewer';
import './reference.css';

export const metadata: Metadata = { title: 'API reference' };

/** /docs/reference: every operation, rendered in the browser from the OpenAPI document this server serves. */
export default function Reference() {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">API reference</h1>
      <p className="mt-2 text-slate-600">
        Rendered from the OpenAPI 3.1 document at{' '}
        <a href={OPENAPI_URL} className="font-medium text-indigo-700 underline">
          {OPENAPI_URL}
        </a>
        . Authenticate with a bearer token from <code>POST /v1/accounts/{'{aid}'}/auth/token</code> (see the{' '}
        <a href="/docs/quick-start" className="font-medium text-indigo-700 underline">
          quick start
        </a>
        ).
      </p>
      <noscript>
        <p className="mt-4 text-slate-700">The reference needs JavaScript; the document itself is at the link above.</p>
      </noscript>
      <ReferenceViewer specUrl={OPENAPI_URL} />
    </div>
  );
}
