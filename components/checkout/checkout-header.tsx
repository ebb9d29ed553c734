/** Who the customer is paying. */
export const CheckoutHeader = ({ merchantName, testMode }: { merchantName: string; testMode: boolean }) => (
  <header className="flex items-center gap-3">
    <div
      aria-hidden="true"
      className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-indigo-600 text-lg font-bold text-white"
    >
      {merchantName.trim().charAt(0).toUpperCase() || 'K'}
    </div>
    <div className="min-w-0">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Payment to</p>
      <h1 className="truncate text-lg font-semibold text-slate-900">{merchantName}</h1>
    </div>
    {testMode ? (
      <span className="ml-auto rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-800">Test</span>
    ) : null}
  </header>
);
