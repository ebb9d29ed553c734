import type { SentRequest } from './callback-types';

const pretty = (body: string): string => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
};

/** The request the last attempt sent, as the merchant received it: method, URL, headers (the signature) and body. */
export function SignedRequest({ request, label }: { request: SentRequest; label: string }) {
  return (
    <div className="grid gap-2 text-sm">
      <p className="font-mono break-all">
        <span className="font-semibold">{request.method}</span> {request.url}
      </p>
      <dl
        aria-label="Headers"
        className="grid gap-x-3 gap-y-1 rounded-lg bg-slate-50 p-2 font-mono text-xs sm:grid-cols-[auto_1fr]"
      >
        {Object.entries(request.headers).map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="font-semibold text-slate-700">{name}:</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      {request.body !== undefined ? (
        <pre
          tabIndex={0}
          aria-label={`Body of ${label}`}
          className="max-h-64 overflow-auto rounded-lg bg-slate-50 p-2 text-xs focus-visible:outline-2 focus-visible:outline-indigo-700"
        >
          {pretty(request.body)}
        </pre>
      ) : (
        <p className="text-slate-600">No body (a GET callback: everything is in the query).</p>
      )}
    </div>
  );
}
