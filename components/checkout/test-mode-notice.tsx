/** Shown for test accounts: nothing is charged, and which sandbox cards do what. */
export const TestModeNotice = () => (
  <div role="note" aria-label="Test mode" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
    <p className="font-semibold">Test mode</p>
    <p className="mt-0.5">
      No money is moved. Card <span className="font-mono">4111 1111 1111 1111</span> is approved and <span className="font-mono">4000 0000 0000 0002</span> is declined; use any future expiry date and
      any 3-digit security code.
    </p>
  </div>
);
