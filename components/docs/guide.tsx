import type { ReactNode } from 'react';
import { FactTable as SharedFactTable } from '../ui/fact-table';

/** Headings, paragraphs, lists, tables and inline code of a guide, in the checkout's look. */
const PROSE = [
  'text-slate-700 leading-7',
  '[&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-slate-900',
  '[&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-5',
  '[&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline [&_a:hover]:text-indigo-900',
  '[&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-slate-100 [&_:not(pre)>code]:px-1 [&_:not(pre)>code]:py-0.5',
  '[&_:not(pre)>code]:font-mono [&_:not(pre)>code]:text-[0.9em] [&_:not(pre)>code]:text-slate-900',
  '[&_:not(pre)>code]:[overflow-wrap:anywhere]',
].join(' ');

/** A guide page: its title, one sentence of what it is for, and its sections. */
export const Guide = ({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) => (
  <article className="max-w-3xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
    <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
    <p className="mt-3 text-lg text-slate-600">{lead}</p>
    <div className={PROSE}>{children}</div>
  </article>
);

/** A table of facts in a guide (test data, fields). */
export const FactTable = (props: Parameters<typeof SharedFactTable>[0]) => (
  <SharedFactTable {...props} className="mt-4" />
);
