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
const PRINTABLE = { pattern: /^[\x20-\x7e]*$/, message: 'Expected printable ASCII' };
const TOGGLE_LIST = { pattern: /^[A-Za-z0-9\-, ]*$/, message: 'Expected toggle names separated by commas or spaces' };

const SVC_HEADERS = {
  'feature-toggles': [`Comma or space separated: ${FEATURE_TOGGLES.join(', ')}`, TOGGLE_LIST],
  'system-name': ['The calling system, recorded on the session', PRINTABLE],
  'system-version': ["The calling system's version", PRINTABLE],
  'system-plugin-name': ['The plugin calling, recorded on the session (a GET /v1/sessions filter)', PRINTABLE],
  'system-plugin-version': ["The plugin's version", PRINTABLE],
} as const;

const svcHeaderSchema = (what: string, { pattern, message }: { pattern: RegExp; message: string }) =>
  z.string().max(200).regex(pattern, message).optional().describe(what);

/**
 * The headers of the routes that create a session (documented in the OpenAPI document; read through `svcHeader`),
 * each also under the public API's `Dintero-` prefix, which is held to the same pattern.
 */
export const SessionCreateHeaders = z.looseObject(
  Object.fromEntries(
    Object.entries(SVC_HEADERS).flatMap(([name, [what, rule]]) => [
      [`kassa-${name}`, svcHeaderSchema(`${what} (\`Dintero-${name}\` accepted as an alias)`, rule)],
      [`dintero-${name}`, svcHeaderSchema(`Alias of \`Kassa-${name}\``, rule)],
    ]),
  ) as Record<`${'kassa' | 'dintero'}-${keyof typeof SVC_HEADERS}`, ReturnType<typeof svcHeaderSchema>>,
);

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
