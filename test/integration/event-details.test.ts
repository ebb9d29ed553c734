import { describe, expect, it } from 'vitest';
import { useKassa } from '../support/fixtures';
import { cardTransaction } from '../support/transaction-helpers';

const { srv, api, customer } = useKassa();

const HOSTILE = {
  id: 'not-the-event-id',
  event: 'REFUND',
  success: false,
  amount: 1,
  items: [{ line_id: 'x' }],
  error: { code: 'X', message: 'x' },
  created_at: '1970-01-01T00:00:00.000Z',
  created_by: 'intruder',
  request_id: 'fake-request',
  request_headers: { 'x-fake': '1' },
};

describe('transaction event details', () => {
  it("a stored details object with id, event, amount, ... keys cannot replace the event's own fields", async () => {
    const { transactionId } = await cardTransaction(api, customer);
    const captured = await api.post(`/v1/transactions/${transactionId}/capture`, {
      amount: 4000,
      capture_reference: 'cap-1',
    });
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    const db = srv.kassa.ctx.database.db;
    const stored = await db
      .selectFrom('transaction_events')
      .selectAll()
      .where('transaction_id', '=', transactionId)
      .where('event', '=', 'CAPTURE')
      .executeTakeFirstOrThrow();
    expect(stored.details).not.toBeNull();
    const details = JSON.stringify({ ...JSON.parse(stored.details!), ...HOSTILE });
    const updated = await db
      .updateTable('transaction_events')
      .set({ details })
      .where('id', '=', stored.id)
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(1);

    const res = await api.get(`/v1/transactions/${transactionId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const event = res.body.events.find((e: { id: string }) => e.id === stored.id);
    expect(event).toBeDefined();
    expect(event).toMatchObject({
      id: stored.id,
      event: 'CAPTURE',
      success: true,
      amount: 4000,
      created_at: stored.created_at,
      created_by: stored.created_by,
      capture_reference: 'cap-1',
    });
    expect(event.request_id).toBe(stored.request_id ?? undefined);
    // Keys the event's columns own never come from details, even where the event has no value of its own.
    expect(event).not.toHaveProperty('error');
    expect(event).not.toHaveProperty('request_headers');
    expect(event.items ?? []).not.toContainEqual({ line_id: 'x' });
    expect(res.body.events.filter((e: { event: string }) => e.event === 'REFUND')).toEqual([]);

    // With the headers asked for, they are the stored request's, not the details' fake ones.
    const withHeaders = await api.get(`/v1/transactions/${transactionId}?includes=events.request_headers`);
    expect(withHeaders.status, JSON.stringify(withHeaders.body)).toBe(200);
    const headers = withHeaders.body.events.find((e: { id: string }) => e.id === stored.id).request_headers;
    expect(headers).toEqual(JSON.parse(stored.request_headers!));
    expect(headers).not.toHaveProperty('x-fake');
  });

  it('merchant metadata that looks like event fields stays nested under metadata', async () => {
    const { transactionId } = await cardTransaction(api, customer);
    const res = await api.post(`/v1/transactions/${transactionId}/capture`, {
      amount: 10000,
      metadata: { id: 'm-id', event: 'm-event' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const capture = res.body.events.find((e: { event: string }) => e.event === 'CAPTURE');
    expect(capture).toMatchObject({
      event: 'CAPTURE',
      success: true,
      amount: 10000,
      metadata: { id: 'm-id', event: 'm-event' },
    });
    expect(capture.id).not.toBe('m-id');
    const stored = await srv.kassa.ctx.database.db
      .selectFrom('transaction_events')
      .select('id')
      .where('transaction_id', '=', transactionId)
      .where('event', '=', 'CAPTURE')
      .executeTakeFirstOrThrow();
    expect(capture.id).toBe(stored.id);
  });
});
