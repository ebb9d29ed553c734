import Link from 'next/link';
import { CONSOLE_SECTIONS } from '../../../components/console/console-sections';

export const metadata = { title: 'Overview' };

/** /console: the sections of the console, one link each. */
export default function ConsoleHome() {
  return (
    <div>
      <h1 className="text-2xl font-semibold">Console</h1>
      <p className="mt-1 text-slate-600">
        Your account&apos;s payments, callbacks and settings, through the same API as your servers.
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[
          ...CONSOLE_SECTIONS,
          { href: '/docs', label: 'API docs', about: 'The reference of every /v1 operation.' },
        ].map((s) => (
          <li key={s.href}>
            <Link
              href={s.href}
              className="block h-full rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-700"
            >
              <span className="block font-semibold text-indigo-800">{s.label}</span>
              <span className="mt-1 block text-sm text-slate-600">{s.about}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
