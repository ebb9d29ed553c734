import type { Env } from '../config/env';

/**
 * Whether this process serves the demo store (ADR 029): `KASSA_DEMO` when set, else on only for the
 * quick start (no KASSA_BOOTSTRAP_* set). A real deployment has it off unless it says otherwise.
 */
export const demoStoreEnabled = (env: Pick<Env, 'KASSA_DEMO' | 'KASSA_BOOTSTRAP_ACCOUNT'>): boolean =>
  env.KASSA_DEMO ?? !env.KASSA_BOOTSTRAP_ACCOUNT;

const decoded = (path: string): string => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** `/demo` and everything under it, however the path is spelled (percent-encoded, doubled slashes, case). */
export const isDemoPath = (url: string): boolean => {
  const path = decoded(url.split(/[?#]/, 1)[0]!)
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
  return path === '/demo' || path.startsWith('/demo/');
};
