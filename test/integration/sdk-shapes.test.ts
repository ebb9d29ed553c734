import { describe, expect, it } from 'vitest';
import { paidSession, useKassa } from '../support/fixtures';
import { SDK_TYPES } from '../support/sdk-types';

/**
 * Issue 27: the public Node SDK's session, transaction, event and card types compared field by field with the served
 * document (GET /v1/openapi.json). Every field the SDK reads is declared where Kassa has the data; the rest is in the
 * lists' `absent` maps with the reason (test/support/sdk-types.ts).
 */
const { api } = useKassa();

/** Where the public API names a header after itself, Kassa uses its own name (public-api-reference.md, preamble). */
const kassaName = (sdkPath: string) => sdkPath.replace(/\bdintero-(system|checkout)-/g, 'kassa-$1-');

type Schema = Record<string, unknown>;
type Doc = Schema & { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

/** `node` with its `$ref`s followed (JSON pointers into the document). */
const deref = (doc: Doc, node: unknown): Schema => {
  let s = (node ?? {}) as Schema;
  for (let hops = 0; typeof s.$ref === 'string'; hops++) {
    const ref = s.$ref;
    if (!ref.startsWith('#/') || hops > 50) throw new Error(`unresolvable $ref ${ref}`);
    s = ref
      .slice(2)
      .split('/')
      .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<Schema>((at, key) => (at[key] ?? {}) as Schema, doc);
  }
  return s;
};

/** The schema and each allOf/anyOf/oneOf branch under it, references followed. */
const branches = (doc: Doc, node: unknown): Schema[] => {
  const s = deref(doc, node);
  const parts = ['allOf', 'anyOf', 'oneOf'].flatMap((k) => (Array.isArray(s[k]) ? (s[k] as unknown[]) : []));
  return [s, ...parts.flatMap((part) => branches(doc, part))];
};

/** Whether the document declares `path` (`a.b`, `a[].b`) under `root`: some branch has the property at each step. */
const declares = (doc: Doc, root: unknown, path: string): boolean => {
  const steps = path.split('.').flatMap((seg) => (seg.endsWith('[]') ? [seg.slice(0, -2), '[]'] : [seg]));
  let at: unknown[] = [root];
  for (const step of steps) {
    const all = at.flatMap((s) => branches(doc, s));
    at = all.flatMap((s) => {
      if (step === '[]') return s.items && typeof s.items === 'object' ? [s.items] : [];
      const props = s.properties as Record<string, unknown> | undefined;
      return props && Object.hasOwn(props, step) ? [props[step]] : [];
    });
    if (at.length === 0) return false;
  }
  return true;
};

/** The schema of GET `path`'s 200 JSON answer (the response object may be a reference too). */
const answerSchema = (doc: Doc, path: string): unknown => {
  const op = doc.paths[path]?.get;
  if (!op) throw new Error(`GET ${path} is not in the document`);
  const res = deref(doc, op.responses['200']) as { content?: Record<string, { schema?: unknown }> };
  const schema = res.content?.['application/json']?.schema;
  if (!schema) throw new Error(`GET ${path} 200 has no JSON schema`);
  return schema;
};

const servedDocument = async (): Promise<Doc> => {
  const res = await api.get('/v1/openapi.json');
  expect(res.status).toBe(200);
  return res.body as Doc;
};

/** Whether `value` has `path` (`a[].b`: a non-empty array, every element with `b`), not undefined or null. */
const has = (value: unknown, path: string): boolean => {
  const [head, ...rest] = path.split('.');
  const isArray = head!.endsWith('[]');
  const child = (value as Record<string, unknown> | null | undefined)?.[isArray ? head!.slice(0, -2) : head!];
  if (child === undefined || child === null) return false;
  const tail = rest.join('.');
  if (!isArray) return tail === '' || has(child, tail);
  return Array.isArray(child) && child.length > 0 && (tail === '' || child.every((item) => has(item, tail)));
};

describe("the public Node SDK's fields, compared with the served document", () => {
  for (const [name, { path, sdk, absent }] of Object.entries(SDK_TYPES)) {
    it(`${name}: each SDK field is declared or in the absent list with its reason, never both`, async () => {
      const doc = await servedDocument();
      const root = answerSchema(doc, path);
      const isDeclared = (p: string) => declares(doc, root, kassaName(p));
      const undeclared = sdk.filter((p) => !isDeclared(p) && !Object.hasOwn(absent, p));
      expect.soft(undeclared, 'SDK fields the document does not declare and the absent list does not name').toEqual([]);
      const nowDeclared = sdk.filter((p) => Object.hasOwn(absent, p) && isDeclared(p));
      expect.soft(nowDeclared, 'absent fields the document declares now: remove them from the absent list').toEqual([]);
      expect
        .soft(
          Object.keys(absent).filter((p) => !sdk.includes(p)),
          'absent entries that are no SDK field',
        )
        .toEqual([]);
      expect
        .soft(
          Object.keys(absent).filter((p) => absent[p]!.length < 20),
          'absent entries without a reason',
        )
        .toEqual([]);
    });
  }

  it('the resolver follows $ref, allOf/anyOf/oneOf and arrays, and finds nothing that is not declared', () => {
    const doc = {
      paths: {},
      components: { schemas: { Line: { type: 'object', properties: { line_id: { type: 'string' } } } } },
    } as unknown as Doc;
    const root = {
      allOf: [
        { type: 'object', properties: { id: { type: 'string' } } },
        {
          anyOf: [
            { type: 'null' },
            { properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Line' } } } },
          ],
        },
      ],
      additionalProperties: {},
    };
    expect(['id', 'items[]', 'items[].line_id'].filter((p) => !declares(doc, root, p))).toEqual([]);
    expect(['amount', 'items[].amount', 'id[]', 'id.x'].filter((p) => declares(doc, root, p))).toEqual([]);
  });
});

describe('the fields Kassa always has are in its answers, as declared', () => {
  const ALWAYS = {
    session:
      'id created_at updated_at expires_at url.return_url order.amount order.currency order.merchant_reference order.items[] transaction_id events[].id events[].name events[].created_at',
    transaction:
      'id created_at updated_at session_id status amount currency merchant_reference payment_product payment_product_type events[]',
    events: 'events[].id events[].event events[].success events[].created_at events[].transaction_status',
    card: 'card.brand card.masked_pan card.expiry_date card.type card.card_holder_tokenization_consent',
  };

  it('a paid session and its transaction show them', async () => {
    const doc = await servedDocument();
    const paid = await paidSession(api);
    const session = await api.get(`/v1/sessions/${paid.sessionId}`);
    const tx = await api.get(`/v1/transactions/${paid.transactionId}`);
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(tx.status, JSON.stringify(tx.body)).toBe(200);
    const checks = [
      { list: SDK_TYPES['GET /v1/sessions/{session_id}'], body: session.body, fields: ALWAYS.session },
      { list: SDK_TYPES['GET /v1/transactions/{id}'], body: tx.body, fields: ALWAYS.transaction },
      { list: SDK_TYPES['the transaction events'], body: tx.body, fields: ALWAYS.events },
      { list: SDK_TYPES["the transaction's card"], body: tx.body, fields: ALWAYS.card },
    ];
    for (const { list, body, fields } of checks) {
      const paths = fields.split(' ');
      const root = answerSchema(doc, list.path);
      expect(
        paths.filter((p) => !list.sdk.includes(p) || !declares(doc, root, p)),
        'not SDK fields Kassa declares',
      ).toEqual([]);
      expect(
        paths.filter((p) => !has(body, p)),
        `missing from GET ${list.path}`,
      ).toEqual([]);
    }
  });
});
