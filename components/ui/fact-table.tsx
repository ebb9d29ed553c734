import type { ReactNode } from 'react';

/**
 * A table of facts (test cards, fields) that scrolls sideways on a narrow screen; the scrolling box is a named region
 * a keyboard can reach. The caption is shown above the table, or only to screen readers when a heading says it.
 */
export const FactTable = ({
  caption,
  head,
  rows,
  captionShown = false,
  className = '',
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
  captionShown?: boolean;
  className?: string;
}) => (
  <div
    tabIndex={0}
    role="region"
    aria-label={caption}
    className={`overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-700 ${className}`}
  >
    <table className="w-full text-left text-sm">
      <caption className={captionShown ? 'border-b border-slate-200 px-3 py-2 text-left font-semibold' : 'sr-only'}>
        {caption}
      </caption>
      <thead className="bg-slate-50 text-slate-900">
        <tr>
          {head.map((h) => (
            <th key={h} scope="col" className="px-3 py-2 font-semibold">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {rows.map((cells, i) => (
          <tr key={i}>
            {cells.map((c, j) => (
              <td key={j} className="px-3 py-2 align-top">
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);
