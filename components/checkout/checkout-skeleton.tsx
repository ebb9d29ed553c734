/** Placeholder while the session loads. */
export const CheckoutSkeleton = () => (
  <div aria-busy="true" className="space-y-4">
    <p className="sr-only" role="status">
      Loading the payment…
    </p>
    {[0, 1].map((i) => (
      <div key={i} className="animate-pulse rounded-2xl border border-slate-200 bg-white p-6">
        <div className="h-4 w-1/3 rounded bg-slate-200" />
        <div className="mt-4 h-3 w-full rounded bg-slate-100" />
        <div className="mt-2 h-3 w-5/6 rounded bg-slate-100" />
        <div className="mt-2 h-3 w-2/3 rounded bg-slate-100" />
      </div>
    ))}
  </div>
);
