import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { DocsNav } from '../../components/docs/docs-nav';
import { OPENAPI_URL } from '../../components/docs/guides';

export const metadata: Metadata = { title: { template: '%s · Kassa API docs', default: 'Kassa API docs' } };

/** The API docs: guides and the API reference, with a side navigation (above the page on small screens). */
export default function DocsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#content"
        className="sr-only rounded-lg bg-white px-3 py-2 text-sm font-semibold text-indigo-700 focus:not-sr-only focus:absolute focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <a href="/docs" className="text-lg font-bold tracking-tight text-slate-900">
            Kassa <span className="font-semibold text-indigo-700">API docs</span>
          </a>
          <nav aria-label="Kassa" className="flex gap-4 text-sm font-medium">
            <a href="/" className="text-indigo-700 hover:underline">
              Home
            </a>
            <a href={OPENAPI_URL} className="text-indigo-700 hover:underline">
              OpenAPI document
            </a>
          </nav>
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8 lg:py-10">
        <DocsNav />
        <main id="content" className="min-w-0">
          {children}
        </main>
      </div>
    </div>
  );
}
