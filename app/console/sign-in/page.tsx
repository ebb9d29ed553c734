import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { SignInForm } from '../../../components/console/sign-in-form';
import {
  CONSOLE_COOKIE,
  consoleReturnPath,
  consoleSignInAccount,
  consoleViewer,
} from '../../../server/pages/console-session';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Sign in · Kassa console' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * /console/sign-in (ADR 033, ADR 043): account, e-mail and password; `next` brings the browser back to a console
 * page. The account starts as `?account=`, else the one this browser last signed in to, else the startup merchant's.
 */
export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const { next, account } = await searchParams;
  const back = consoleReturnPath(typeof next === 'string' ? next : undefined);
  const jar = await cookies();
  if (await consoleViewer(jar.get(CONSOLE_COOKIE)?.value)) redirect(back);
  const startAccount = await consoleSignInAccount(typeof account === 'string' ? account : undefined, jar);
  return (
    <main className="kassa-theme flex min-h-screen items-start justify-center bg-slate-50 px-4 py-10 sm:items-center">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-sm">
        <p className="text-sm font-semibold text-indigo-700">Kassa console</p>
        <h1 id="sign-in-title" className="mt-1 mb-5 text-2xl font-semibold">
          Sign in
        </h1>
        <SignInForm next={back} account={startAccount} />
      </div>
    </main>
  );
}
