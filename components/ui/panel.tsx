import type { ReactNode } from 'react';

/** A rounded section of the page (white, or slate in dark mode). */
export const Panel = ({
  children,
  className = '',
  labelledBy,
}: {
  children: ReactNode;
  className?: string;
  labelledBy?: string;
}) => (
  <section
    aria-labelledby={labelledBy}
    className={`rounded-2xl border border-slate-200 bg-white p-4 text-slate-900 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${className}`}
  >
    {children}
  </section>
);
