import { beforeAll, describe, expect, it } from 'vitest';
import { useKassa } from '../support/fixtures';

/**
 * Issue 27 item 19: what the wallet, customer and terminal operations refuse about a request alone, the served
 * document states, so a client that reads only /v1/openapi.json does not send it.
 */
const { api } = useKassa();

type Schema = {
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  enum?: unknown[];
  [k: string]: unknown;
};
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

let operations: Operation[] = [];
beforeAll(async () => {
  const doc = (await api.get('/v1/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
  operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
});
const op = (id: string) => operations.find((o) => o.operationId === id)!;
const body = (id: string) => op(id).requestBody!.content['application/json']!.schema;
const branches = (s: Schema) => s.oneOf ?? s.anyOf ?? [];

describe('the document states the account API rules a request alone can break', () => {
  it('a wallet transaction names its card by exactly one of card_id and token: two closed shapes', () => {
    const shapes = branches(body('wallets_transactions_post'));
    expect(shapes).toHaveLength(2);
    const by = (field: string, other: string) =>
      shapes.filter(
        (s) => s.required?.includes(field) && !(other in (s.properties ?? {})) && s.additionalProperties === false,
      );
    expect(by('card_id', 'token')).toHaveLength(1);
    expect(by('token', 'card_id')).toHaveLength(1);
  });

  it("a card token's format.length is 11 to 255 (64 random bits need 11 characters of every class)", () => {
    const length = body('wallets_card_tokens_post').properties!.format!.properties!.length!;
    expect(length).toMatchObject({ type: 'integer', minimum: 11, maximum: 255 });
  });

  it('a new customer has one shape per type: company only for company (required) and other, contact_for only for contact', () => {
    const shapes = branches(body('customers_users_post'));
    const of = (type: string) => shapes.find((s) => s.properties!.type!.enum!.includes(type))!;
    const fields = (type: string) =>
      Object.keys(of(type).properties!).filter((k) => k === 'company' || k === 'contact_for');
    expect(shapes.every((s) => s.additionalProperties === false)).toBe(true);
    expect(of('customer')).toBe(of('employee'));
    // every shape names its type (a plainly exclusive oneOf); the customer shape says what leaving it out means
    expect(shapes.every((s) => s.required!.includes('type'))).toBe(true);
    expect(of('customer').properties!.type!.description).toBe('Left out, the type is customer');
    expect(fields('customer')).toEqual([]);
    expect(fields('company')).toEqual(['company']);
    expect(of('company').required).toContain('company');
    expect(fields('other')).toEqual(['company']);
    expect(of('other').required).not.toContain('company');
    expect(fields('contact')).toEqual(['contact_for']);
  });

  it('a customer update has one shape per type it sets: a field the new type does not take may only be null', () => {
    const shapes = branches(body('customers_user_put'));
    const of = (type: unknown) => shapes.find((s) => (s.properties!.type!.enum ?? [null]).includes(type))!;
    const isNull = (s: Schema | undefined) => s?.type === 'null';
    expect(shapes.every((s) => s.required!.includes('type'))).toBe(true);
    expect(of(null).properties!.type!.description).toBe('null (or left out): the type stays');
    expect(isNull(of('customer').properties!.company) && isNull(of('customer').properties!.contact_for)).toBe(true);
    expect(isNull(of('company').properties!.contact_for)).toBe(true);
    expect(of('company').properties!.company!.type).toBe('object'); // not null: a company keeps its company
    expect(isNull(of('other').properties!.contact_for)).toBe(true);
    expect(isNull(of('contact').properties!.company)).toBe(true);
    expect(shapes.every((s) => s.additionalProperties === false)).toBe(true);
  });

  it('a terminal request has no device_model (it is resolved from the serial number); the answer has it', () => {
    expect(Object.keys(body('aid_terminals_post').properties!)).not.toContain('device_model');
    const answer = op('aid_terminals_post').responses['200']!.content!['application/json']!.schema;
    expect(Object.keys(answer.properties!)).toContain('device_model');
  });

  it("the terminal list's store_id filters state a store_id's rules for each value", () => {
    for (const name of ['store_id[]', 'store_id']) {
      const schema = op('aid_terminals_get').parameters!.find((p) => p.in === 'query' && p.name === name)!.schema;
      const [one, many] = branches(schema);
      for (const value of [one!, many!.items!]) expect(value).toMatchObject({ minLength: 1, maxLength: 255 });
      expect(JSON.stringify(one)).toContain('^\\\\S(.*\\\\S)?$'); // no space first or last
    }
  });
});
