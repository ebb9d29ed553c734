/** A round success or failure badge for result pages. */
export const StatusIcon = ({ ok }: { ok: boolean }) => (
  <div aria-hidden="true" className={`mx-auto flex h-12 w-12 items-center justify-center rounded-full ${ok ? 'bg-emerald-100 text-emerald-700' : 'bg-red-100 text-red-700'}`}>
    <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      {ok ? <path d="M5 13l4 4L19 7" /> : <path d="M6 6l12 12M18 6L6 18" />}
    </svg>
  </div>
);
