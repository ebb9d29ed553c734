'use client';
import { SCOPE_NAMES, type ScopeName } from '../../../domain/scope-names';

/** The scopes grouped by what they reach: `read:checkout` and `write:checkout:/admin/gateways` are both checkout's. */
const GROUPS = SCOPE_NAMES.reduce<Record<string, ScopeName[]>>((groups, scope) => {
  const resource = scope.split(':')[1]!;
  (groups[resource] ??= []).push(scope);
  return groups;
}, {});

/**
 * Checkboxes for a grant's scopes (every scope Kassa knows: domain/scope-names.ts), grouped by resource, with
 * "Read only" (every read: scope) and "None". A client can be given only scopes the signed-in user holds.
 */
export function ScopePicker({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: readonly string[];
  onChange: (next: ScopeName[]) => void;
  error?: string;
}) {
  const toggle = (scope: ScopeName, on: boolean) =>
    onChange(SCOPE_NAMES.filter((s) => (s === scope ? on : value.includes(s))));
  return (
    <fieldset aria-describedby={`${id}-error`} className="grid gap-3">
      <legend className="text-sm font-medium text-slate-800">Scopes</legend>
      <div className="flex flex-wrap gap-2 text-sm">
        <button
          type="button"
          onClick={() => onChange(SCOPE_NAMES.filter((s) => s.startsWith('read:')))}
          className="rounded-md border border-slate-300 px-2 py-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-700"
        >
          Read only<span className="sr-only"> (every read scope)</span>
        </button>
        <button
          type="button"
          onClick={() => onChange([])}
          className="rounded-md border border-slate-300 px-2 py-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-700"
        >
          None<span className="sr-only"> of the scopes</span>
        </button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {Object.entries(GROUPS).map(([resource, scopes]) => (
          <div
            key={resource}
            role="group"
            aria-label={`${resource} scopes`}
            className="rounded-lg border border-slate-200 p-3"
          >
            <p className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{resource}</p>
            {scopes.map((scope) => (
              <label key={scope} className="flex items-start gap-2 py-0.5 text-sm">
                <input
                  type="checkbox"
                  checked={value.includes(scope)}
                  onChange={(e) => toggle(scope, e.target.checked)}
                  className="mt-0.5 h-4 w-4 shrink-0 accent-indigo-700"
                />
                <span className="font-mono break-all">{scope}</span>
              </label>
            ))}
          </div>
        ))}
      </div>
      <p id={`${id}-error`} aria-live="polite" className="text-sm text-red-700 empty:hidden">
        {error ?? ''}
      </p>
    </fieldset>
  );
}
