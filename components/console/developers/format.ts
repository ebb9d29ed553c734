/** A time as the console shows it: `31 Jan 2025, 14:05` in the browser's time zone (seconds when asked). */
export const when = (iso: string, seconds = false) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: seconds ? 'medium' : 'short' });

/** The error message of a failed query or write (ConsoleApiError carries the server's `error.message`). */
export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : 'The request failed.');
