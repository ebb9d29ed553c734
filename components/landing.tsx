/** The root page without a session: what this server is and where to start. */
export const Landing = () => (
  <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center px-6 py-16">
    <p className="text-sm font-semibold uppercase tracking-wide text-indigo-600">Kassa</p>
    <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Self-hosted checkout</h1>
    <p className="mt-3 text-slate-600">
      This server hosts payment pages for checkout sessions. Merchants create a session through the API and send their customers to its
      checkout URL.
    </p>
    <div className="mt-8 flex flex-wrap gap-3">
      <a href="/demo" className="rounded-xl bg-indigo-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-indigo-200">
        Try a demo payment
      </a>
      <a href="/v1/openapi.json" className="rounded-xl border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-slate-200">
        API reference (OpenAPI)
      </a>
    </div>
    <p className="mt-6 text-sm text-slate-500">
      In the demo, pay with card <span className="font-mono">4111 1111 1111 1111</span>, any future expiry date and any 3-digit security code.
    </p>
  </main>
);
