'use client';

import { usePathname } from 'next/navigation';
import { DOCS_PAGES } from './guides';

/** The docs' side navigation (a wrapping list above the page on small screens); the current page is marked. */
export function DocsNav() {
  const pathname = usePathname().replace(/\/$/, '') || '/';
  return (
    <nav aria-label="Documentation" className="mb-6 lg:sticky lg:top-6 lg:mb-0 lg:self-start">
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {DOCS_PAGES.map(({ href, title }) => {
          const current = pathname === href;
          return (
            <li key={href}>
              <a
                href={href}
                aria-current={current ? 'page' : undefined}
                className={`block rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-indigo-200 ${
                  current
                    ? 'bg-indigo-600 text-white'
                    : 'border border-slate-200 bg-white text-slate-700 hover:bg-slate-100 lg:border-transparent lg:bg-transparent'
                }`}
              >
                {title}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
