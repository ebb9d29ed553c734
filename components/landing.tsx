const button = 'rounded-xl px-5 py-2.5 font-semibold focus-visible:outline-none focus-visible:ring-4';

/** The root page without a session: what this server is and where to start (the demo store only where it is on). */
export const Landing = ({ demo }: { demo: boolean }) => (
  <main className="flex min-h-screen flex-col justify-center bg-slate-50 px-6 py-16">
    <div className="mx-auto w-full max-w-xl">
      <p className="text-sm font-semibold uppercase tracking-wide text-indigo-600">Kassa</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Self-hosted checkout</h1>
      <p className="mt-3 text-slate-600">
        This server hosts payment pages for checkout sessions. Merchants create a session through the API and send their
        customers to its checkout URL.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        {demo && (
          <a
            href="/demo"
            className={`${button} bg-indigo-600 text-white shadow-sm hover:bg-indigo-700 focus-visible:ring-indigo-200`}
          >
            Try a demo payment
          </a>
        )}
        <a
          href="/v1/openapi.json"
          className={`${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 focus-visible:ring-slate-200`}
        >
          API reference (OpenAPI)
        </a>
      </div>
      {demo && (
        <p className="mt-6 text-sm text-slate-500">
          In the demo, pay with card <span className="font-mono">4111 1111 1111 1111</span>, any future expiry date and
          any 3-digit security code.
        </p>
      )}
    </div>
  </main>
);
