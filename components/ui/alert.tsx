import type { ReactNode } from 'react';

const TONES = {
  error: 'border-red-200 bg-red-50 text-red-800',
  info: 'border-amber-200 bg-amber-50 text-amber-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
} as const;

/** A message box. Errors are announced (role="alert"); the others are polite status. */
export const Alert = ({
  tone,
  children,
  className = '',
}: {
  tone: keyof typeof TONES;
  children: ReactNode;
  className?: string;
}) => (
  <div
    role={tone === 'error' ? 'alert' : 'status'}
    className={`rounded-xl border px-4 py-3 text-sm ${TONES[tone]} ${className}`}
  >
    {children}
  </div>
);
