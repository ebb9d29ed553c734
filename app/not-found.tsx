import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { resolveLanguage } from '../components/i18n/languages';
import { MESSAGES } from '../components/i18n/messages';

export const metadata: Metadata = { title: 'Not found · Kassa' };

/** Any unknown page: say so plainly, in the page's language, and offer the way out. */
export default async function NotFound() {
  const { notfound } = MESSAGES[resolveLanguage((await headers()).get('x-kassa-language'))];
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 text-slate-900">
      <div className="max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <p className="text-sm font-semibold text-slate-600">404</p>
        <h1 className="mt-2 text-xl font-semibold">{notfound.title}</h1>
        <p className="mt-2 text-slate-700">{notfound.message}</p>
        <p className="mt-4 text-sm text-slate-700">{notfound.hint}</p>
      </div>
    </main>
  );
}
