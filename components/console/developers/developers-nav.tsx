'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';

/** The Developers section's parts, each its own page under /console/developers. */
export const DEVELOPER_PAGES = [
  { href: '/console/developers', label: 'Clients and grants' },
  { href: '/console/developers/api-keys', label: 'API keys' },
  { href: '/console/developers/signature', label: 'Signing secret' },
  { href: '/console/developers/profiles', label: 'Session profiles' },
  { href: '/console/developers/sms', label: 'SMS sink' },
] as const;

export function DevelopersNav() {
  const path = usePathname();
  return (
    <nav aria-label="Developers" className="overflow-x-auto">
      <ul className="flex flex-wrap gap-1 border-b border-slate-200 pb-2">
        {DEVELOPER_PAGES.map((p) => {
          const current = path === p.href;
          return (
            <li key={p.href}>
              <Link
                href={p.href}
                aria-current={current ? 'page' : undefined}
                className={`block rounded-md px-2.5 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-700 ${current ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700 hover:bg-slate-100'}`}
              >
                {p.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
