import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { ConsoleProvider } from '../../../components/console/console-context';
import { ConsoleShell } from '../../../components/console/console-shell';
import {
  CONSOLE_COOKIE,
  consoleViewer,
  REQUEST_PATH_HEADER,
  signInUrlFor,
} from '../../../server/pages/console-session';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: { template: '%s · Kassa console', default: 'Kassa console' } };

/**
 * Every console page but sign-in (ADR 033): without a live session the browser goes to sign in, and comes
 * back to the page it asked for. The page gets the user and its CSRF token through ConsoleProvider.
 */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const viewer = await consoleViewer((await cookies()).get(CONSOLE_COOKIE)?.value);
  if (!viewer) redirect(signInUrlFor((await headers()).get(REQUEST_PATH_HEADER)));
  return (
    <div className="kassa-theme">
      <ConsoleProvider viewer={viewer}>
        <ConsoleShell>{children}</ConsoleShell>
      </ConsoleProvider>
    </div>
  );
}
