/** A round badge for result pages: success (check), failure (cross) or neutral (information). */
export const StatusIcon = ({
  ok,
  tone = ok ? 'success' : 'failure',
}: {
  ok?: boolean;
  tone?: 'success' | 'failure' | 'neutral';
}) => (
  <div
    aria-hidden="true"
    className={`mx-auto flex h-12 w-12 items-center justify-center rounded-full ${tone === 'success' ? 'bg-emerald-100 text-emerald-800' : tone === 'failure' ? 'bg-red-100 text-red-800' : 'bg-slate-100 text-slate-700'}`}
  >
    <svg
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {tone === 'success' ? (
        <path d="M5 13l4 4L19 7" />
      ) : tone === 'failure' ? (
        <path d="M6 6l12 12M18 6L6 18" />
      ) : (
        <path d="M12 8h.01M11 12h1v5h1" />
      )}
    </svg>
  </div>
);
