/** All timestamps are UTC ISO 8601 strings with milliseconds, so they sort as text in both engines. */
export const nowIso = (): string => new Date().toISOString();
export const addSeconds = (iso: string, seconds: number): string =>
  new Date(Date.parse(iso) + seconds * 1000).toISOString();
