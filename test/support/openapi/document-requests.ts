import fc from 'fast-check';
import type { ErrorCode } from '../../../server/errors/app-error';
import { SchemaSampler, type JsonSchema } from './schema-arbitrary';

/** One operation of the served document. */
export interface DocOperation {
  method: string;
  path: string;
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}

export interface DocRequest {
  method: string;
  /** Path and query as on the request line. */
  target: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Credentials {
  bearer: string;
  basic: string;
}

export const operationsOf = (doc: { paths: Record<string, Record<string, DocOperation>> }): DocOperation[] =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ ...op, path, method: method.toUpperCase() })),
  );

const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

const queryValues = (v: unknown): string[] =>
  v === undefined ? [] : Array.isArray(v) ? v.flatMap(queryValues) : [typeof v === 'string' ? v : JSON.stringify(v)];

/** The first security requirement the operation names, as a client that holds every credential would choose it. */
const authHeader = (op: DocOperation, creds: Credentials): Record<string, string> => {
  const scheme = Object.keys(op.security?.[0] ?? {})[0];
  if (scheme === 'bearerAuth') return { authorization: `Bearer ${creds.bearer}` };
  if (scheme === 'clientBasic') return { authorization: creds.basic };
  return {};
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value of the client's own fits a (string) schema's type, format, length, pattern and enum. */
const fitsString = (v: unknown, schema: JsonSchema | undefined): boolean => {
  if (!schema || schema.$ref !== undefined) return true;
  if (typeof v !== 'string') return schema.type === undefined || schema.type !== 'string';
  if (schema.type !== undefined && schema.type !== 'string') return false;
  if (schema.format === 'uuid' && !UUID.test(v)) return false;
  if (typeof schema.minLength === 'number' && v.length < schema.minLength) return false;
  if (typeof schema.maxLength === 'number' && v.length > schema.maxLength) return false;
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(v)) return false;
  const more = Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [];
  if (!more.every((m) => typeof m.pattern !== 'string' || new RegExp(m.pattern, 'u').test(v))) return false;
  return !Array.isArray(schema.enum) || schema.enum.includes(v);
};

/**
 * Requests valid by the document: every required parameter and body, each optional one half of the time, every value
 * drawn from its schema (schema-arbitrary.ts); path parameters and id-like body fields may take the ids of resources
 * that exist (`ids`), as a client uses its own.
 */
export const requestsFor = (
  doc: Record<string, unknown>,
  op: DocOperation,
  ids: Record<string, readonly unknown[]>,
  creds: Credentials,
): fc.Arbitrary<DocRequest> => {
  // an id of the client's own is used where the document would take it (a `term.id` is a uuid, not a transaction id)
  const hint = (name: string, schema: JsonSchema | undefined) => {
    const fitting = (ids[name] ?? []).filter((v) => fitsString(v, schema));
    return fitting.length ? fc.constantFrom(...fitting) : undefined;
  };
  const sampler = new SchemaSampler(doc, hint);
  const param = (p: NonNullable<DocOperation['parameters']>[number]) => {
    const value = (p.in === 'path' && hint(p.name, p.schema)) || sampler.arbitrary(p.schema);
    const entry = value.map((v) => [p, v] as const);
    return p.required ? entry : fc.option(entry, { nil: undefined });
  };
  const json = op.requestBody?.content['application/json'];
  const body = json
    ? op.requestBody!.required
      ? sampler.arbitrary(json.schema)
      : fc.option(sampler.arbitrary(json.schema), { nil: undefined, freq: 3 })
    : fc.constant(undefined);
  return fc.tuple(fc.tuple(...(op.parameters ?? []).map(param)), body).map(([params, value]) => {
    let path = op.path;
    const query = new URLSearchParams();
    const headers: Record<string, string> = authHeader(op, creds);
    for (const entry of params) {
      if (!entry) continue;
      const [p, v] = entry;
      if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(v)));
      if (p.in === 'query') for (const s of queryValues(v)) query.append(p.name, s);
      // OpenAPI 3.1 §4.8.12: a header parameter named Accept, Content-Type or Authorization is ignored.
      if (p.in === 'header' && !IGNORED_HEADERS.has(p.name.toLowerCase())) headers[p.name.toLowerCase()] = String(v);
    }
    if (value !== undefined) headers['content-type'] = 'application/json';
    const search = query.toString();
    return {
      method: op.method,
      target: search ? `${path}?${search}` : path,
      headers,
      ...(value !== undefined ? { body: JSON.stringify(value) } : {}),
    };
  });
};

/**
 * Refusals that depend on what is stored (or on the server's switches and limits), not on the request: a request
 * valid by the document may meet them. Every other refusal says the request itself was wrong, i.e. the document let
 * through something the server does not take.
 */
export const STATE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'ACCOUNT_NOT_FOUND',
  'SESSION_NOT_FOUND',
  'SESSION_NOT_AVAILABLE',
  'TRANSACTION_NOT_FOUND',
  'SIGNATURE_NOT_FOUND',
  'API_KEY_NOT_FOUND',
  'CLIENT_NOT_FOUND',
  'CLIENT_ALREADY_EXISTS',
  'CLIENT_GRANT_NOT_FOUND',
  'CLIENT_GRANT_ALREADY_EXISTS',
  // The client has no grant (stored) for the audience it asked for.
  'UNAUTHORIZED_CLIENT',
  'CALLBACK_NOT_FOUND',
  'SESSION_EXPIRED',
  'SESSION_CANCELLED',
  'SESSION_ALREADY_PAID',
  'SESSION_LOCKED',
  'SESSION_NOT_LOCKED',
  'PROFILE_NOT_FOUND',
  'PROFILE_ALREADY_EXISTS',
  'PRECONDITION_FAILED',
  'DISCOUNTS_NOT_ENABLED',
  'GIFT_CARD_INVALID',
  'GIFT_CARDS_DO_NOT_COVER',
  'PHONE_NUMBER_REQUIRED',
  'SHIPPING_OPTION_NOT_AVAILABLE',
  'SHIPPING_ADDRESS_REQUIRED',
  'EXPRESS_NOT_ENABLED',
  'REDIRECT_NOT_FOUND',
  'SESSION_PAYMENT_IN_PROGRESS',
  'PAYMENT_PRODUCT_NOT_ENABLED',
  'PROVIDER_UNAVAILABLE',
  'PAYMENT_APP_NOT_FOUND',
  'PAYMENT_APP_LIMIT_REACHED',
  'TRANSACTION_NOT_CAPTURABLE',
  'TRANSACTION_NOT_REFUNDABLE',
  'TRANSACTION_NOT_VOIDABLE',
  'AMOUNT_EXCEEDS_AUTHORIZED',
  'AMOUNT_EXCEEDS_CAPTURED',
  'CURRENCY_MISMATCH',
  'REFERENCE_REUSED',
  'AUTHORIZATION_NOT_UPDATABLE',
  'OPERATION_IN_PROGRESS',
  'CONFLICT',
  'TOO_MANY_REQUESTS',
  'CUSTOMER_NOT_FOUND',
  'CUSTOMER_ALREADY_EXISTS',
  'CARD_TOKEN_NOT_FOUND',
  'WALLET_CARD_NOT_FOUND',
  'WALLET_CARD_ALREADY_EXISTS',
  'INSUFFICIENT_BALANCE',
  'WALLET_TOKEN_NOT_FOUND',
  'WALLET_TOKEN_USED',
  'WALLET_REF_ID_REUSED',
  'WALLET_CARD_NOT_ACTIVE',
  'WALLET_CARD_EXPIRED',
  'WALLET_TRANSACTION_NOT_FOUND',
  'STORE_NOT_FOUND',
  'STORE_ALREADY_EXISTS',
  'PAYOUT_DESTINATION_NOT_FOUND',
  'PAYOUT_DESTINATION_ALREADY_EXISTS',
  'STORE_HAS_NO_PAYOUT_DESTINATION',
  'TERMINAL_NOT_FOUND',
  'TERMINAL_ALREADY_EXISTS',
  'DISCOUNT_RULE_NOT_FOUND',
  'DISCOUNT_RULE_NOT_UPDATABLE',
  'DISCOUNT_CLAIM_NOT_FOUND',
  'DISCOUNT_USAGE_EXCEEDED',
  'ORDER_NOT_FOUND',
  'DRAFT_ORDER_NOT_FOUND',
  'ORDER_VERSION_CONFLICT',
  'ORDER_ALREADY_EXISTS',
  'DRAFT_ORDER_EMPTY',
  'ORDER_NOT_OPEN',
  'CONSOLE_USER_NOT_FOUND',
  'CONSOLE_USER_ALREADY_EXISTS',
  'LAST_CONSOLE_ADMIN',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_PROGRESS',
]);
