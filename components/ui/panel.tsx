import type { ReactNode } from 'react';

/** A white, rounded section of the page. */
export const Panel = ({ children, className = '', labelledBy }: { children: ReactNode; className?: string; labelledBy?: string }) => (
  <section aria-labelledby={labelledBy} className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}>
    {children}
  </section>
);
