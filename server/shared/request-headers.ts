import { z } from 'zod';
/** Headers that carry credentials are never stored or returned. */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'x-api-key', 'proxy-authorization']);

export const redactHeaders = (headers: Readonly<Record<string, string | undefined>>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = SECRET_HEADERS.has(name) ? '[REDACTED]' : value;
  }
  return out;
};

/**
 * Our own headers are `Kassa-<name>`; existing clients send the public API's `Dintero-<name>`,
 * which we accept as an alias. `name` is lower-case without the prefix, e.g. `feature-toggles`.
 */
export const svcHeader = (headers: Readonly<Record<string, string | undefined>>, name: string): string | undefined =>
  headers[`kassa-${name}`] ?? headers[`dintero-${name}`];

export const FEATURE_TOGGLES = [
  'strict-session-amounts',
  'strict-merchant-reference',
  'strict-success-merchant-reference',
] as const;
export type FeatureToggle = (typeof FEATURE_TOGGLES)[number];

/** `Kassa-Feature-Toggles: a, b` (comma or space separated; repeated headers arrive joined by ", "). */
export const featureToggles = (headers: Readonly<Record<string, string | undefined>>): Set<string> =>
  new Set((svcHeader(headers, 'feature-toggles') ?? '').split(/[\s,]+/).filter(Boolean));

/** The calling system and plugin, recorded on the session's INITIATED event. */
export const systemInfo = (headers: Readonly<Record<string, string | undefined>>) => {
  const info = {
    system_name: svcHeader(headers, 'system-name'),
    system_version: svcHeader(headers, 'system-version'),
    system_plugin_name: svcHeader(headers, 'system-plugin-name'),
    system_plugin_version: svcHeader(headers, 'system-plugin-version'),
  };
  return Object.fromEntries(Object.entries(info).filter(([, v]) => v !== undefined)) as Partial<typeof info>; // the same keys, minus the undefined ones
};

/** What the calling system says of itself is stored on the session: printable ASCII, at most 200 characters. */
const svcHeaderDoc = (what: string, pattern = /^[\x20-\x7e]*$/) =>
  z
    .string()
    .max(200)
    .regex(pattern, 'Expected printable ASCII')
    .optional()
    .describe(`${what} (\`Dintero-\` prefix accepted as an alias)`);

/** The headers of the routes that create a session (documented in the OpenAPI document; read through `svcHeader`). */
export const SessionCreateHeaders = z.looseObject({
  'kassa-feature-toggles': svcHeaderDoc(
    `Comma or space separated: ${FEATURE_TOGGLES.join(', ')}`,
    /^[A-Za-z0-9\-, ]*$/,
  ),
  'kassa-system-name': svcHeaderDoc('The calling system, recorded on the session'),
  'kassa-system-version': svcHeaderDoc("The calling system's version"),
  'kassa-system-plugin-name': svcHeaderDoc('The plugin calling, recorded on the session (a GET /v1/sessions filter)'),
  'kassa-system-plugin-version': svcHeaderDoc("The plugin's version"),
});

/**
 * Request headers as a read shows them (`initiating_system_request_headers`, `events[].request_headers`): every header
 * of the request, lower-cased, credentials redacted; the calling system's named.
 */
export const RequestHeadersRead = z
  .object({
    'kassa-system-name': z.string().optional(),
    'kassa-system-version': z.string().optional(),
    'kassa-system-plugin-name': z.string().optional(),
    'kassa-system-plugin-version': z.string().optional(),
    'user-agent': z.string().optional(),
  })
  .catchall(z.string());
