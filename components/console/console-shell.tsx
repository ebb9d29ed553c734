'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { SIGN_IN_PATH } from './console-api';
import { useConsoleApi, useViewer } from './console-context';
import { CONSOLE_SECTIONS } from './console-sections';

const ROLE_LABEL = { admin: 'Admin', 'read-only': 'Read-only' } as const;

/** Header, navigation, the signed-in user and Sign out, around every signed-in console page. */
export function ConsoleShell({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const api = useConsoleApi();
  const path = usePathname();
  const [signingOut, setSigningOut] = useState(false);
  const [failed, setFailed] = useState<string | undefined>();
  const signOut = async () => {
    setSigningOut(true);
    try {
      await api.post('/console/api/logout');
      window.location.assign(SIGN_IN_PATH);
    } catch (e) {
      setSigningOut(false);
      setFailed(e instanceof Error ? e.message : 'Signing out failed.');
    }
  };
  const link = 'rounded-md px-2.5 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-700';
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link href="/console" className="text-lg font-semibold text-indigo-700">
            Kassa console
          </Link>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span>
              <span className="font-medium break-all">{viewer.email}</span>{' '}
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                {ROLE_LABEL[viewer.role]}
              </span>
            </span>
            <button
              type="button"
              onClick={signOut}
              disabled={signingOut}
              className="rounded-lg border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-700 disabled:opacity-60"
            >
              {signingOut ? 'Signing out…' : 'Sign out'}
            </button>
          </div>
        </div>
        <nav aria-label="Console" className="mx-auto max-w-6xl px-2 pb-2">
          <ul className="flex flex-wrap gap-1">
            {CONSOLE_SECTIONS.map((s) => {
              const current = path === s.href || path.startsWith(`${s.href}/`);
              return (
                <li key={s.href}>
                  <Link
                    href={s.href}
                    aria-current={current ? 'page' : undefined}
                    className={`${link} ${current ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700 hover:bg-slate-100'}`}
                  >
                    {s.label}
                  </Link>
                </li>
              );
            })}
            <li>
              <a href="/docs" className={`${link} text-slate-700 hover:bg-slate-100`}>
                API docs
              </a>
            </li>
          </ul>
        </nav>
      </header>
      {failed ? (
        <p role="alert" className="mx-auto mt-4 max-w-6xl px-4 text-sm text-red-800">
          {failed}
        </p>
      ) : null}
      <main className="mx-auto max-w-6xl px-4 py-6 sm:py-8">{children}</main>
    </div>
  );
}
