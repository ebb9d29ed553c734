/**
 * A block of code (a command, a request, a file) under its label. It scrolls sideways on a narrow
 * screen, and can take the focus so a keyboard can scroll it too.
 */
export const CodeBlock = ({ label, code }: { label: string; code: string }) => (
  <figure className="mt-4 overflow-hidden rounded-xl border border-slate-800 bg-slate-900">
    <figcaption className="border-b border-slate-700 px-4 py-2 font-mono text-xs text-slate-300">{label}</figcaption>
    <pre
      tabIndex={0}
      aria-label={label}
      className="overflow-x-auto p-4 text-[13px] leading-relaxed text-slate-100 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-indigo-300"
    >
      <code>{code.trimEnd()}</code>
    </pre>
  </figure>
);
