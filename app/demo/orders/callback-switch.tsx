/**
 * The back office's "Answer callbacks with 500" switch (a form POST, like the order buttons; ADR 029): while it is
 * on, the store answers Kassa's payment callbacks with 500, so the console (Callbacks) shows them failing and can
 * replay them once it is off again.
 */
export function CallbackSwitch({ status }: { status: 200 | 500 }) {
  const failing = status === 500;
  return (
    <form
      method="post"
      action="/demo/api/callback-answer"
      aria-label="Callback endpoint"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm"
    >
      <input type="hidden" name="answer" value={failing ? '200' : '500'} />
      <button
        type="submit"
        aria-pressed={failing}
        className={`rounded-lg border px-3 py-1.5 font-medium ${failing ? 'border-red-300 bg-red-50 text-red-800 hover:bg-red-100' : 'border-slate-300 hover:bg-slate-50'}`}
      >
        Answer callbacks with 500
      </button>
      <span data-testid="callback-answer" className="text-slate-700">
        {failing
          ? 'On: payment callbacks are answered with 500, so Kassa retries them. Press again to answer 200.'
          : 'Off: payment callbacks are answered with 200.'}
      </span>
    </form>
  );
}
