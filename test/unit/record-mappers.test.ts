import { describe, expect, it } from 'vitest';
import {
  sessionRequestHeaders,
  toSessionEventView,
  toSessionRecord,
  type SessionEventRow,
  type SessionRow,
} from '../../server/sessions/session-record';
import { toOperationRecord, type OperationRow } from '../../server/payments/store/operation-record';
import {
  toTransactionEventView,
  toTransactionRecord,
  type TransactionEventRow,
  type TransactionRow,
} from '../../server/payments/store/transaction-record';

const event = (over: Partial<TransactionEventRow>): TransactionEventRow => ({
  id: 'ev-1',
  transaction_id: 'T00000001.abc',
  seq: 2,
  event: 'CAPTURE',
  success: 1,
  amount: 500,
  items: null,
  error: null,
  created_at: '2030-01-01T00:00:00.000Z',
  created_by: 'client',
  request_id: null,
  details: null,
  request_headers: null,
  ...over,
});

describe('transaction event mapper', () => {
  it('spreads details first: id, event, success, amount, created_at, ... always come from the columns', () => {
    const details = {
      id: 'x',
      event: 'REFUND',
      success: false,
      amount: 1,
      created_at: 'then',
      created_by: 'x',
      request_id: 'r',
      request_headers: { a: 'b' },
      error: { code: 'c', message: 'm' },
      items: [],
      capture_reference: 'cap',
    };
    expect(toTransactionEventView(event({ details: JSON.stringify(details) }), true)).toEqual({
      id: 'ev-1',
      event: 'CAPTURE',
      success: true,
      amount: 500,
      created_at: '2030-01-01T00:00:00.000Z',
      created_by: 'client',
      capture_reference: 'cap',
      event_reference: 'cap',
    });
  });

  it('parses items, error and (when asked) request headers', () => {
    const row = event({
      success: 0,
      amount: null,
      items: '[{"line_id":"1","amount":5}]',
      error: '{"code":"E","message":"m"}',
      request_headers: '{"user-agent":"t"}',
      request_id: 'req',
    });
    expect(toTransactionEventView(row, false)).toEqual({
      id: 'ev-1',
      event: 'CAPTURE',
      success: false,
      items: [{ line_id: '1', amount: 5 }],
      error: {
        code: 'E',
        message: 'm',
        error_code: 'E',
        type: ['UNKNOWN'],
        retry_policy: { retry_codes: ['DO_NOT_RETRY'] },
      },
      retry_policy: { retryable: false },
      created_at: row.created_at,
      created_by: 'client',
      request_id: 'req',
    });
    expect(toTransactionEventView(row, true).request_headers).toEqual({ 'user-agent': 't' });
  });
});

describe('session event mapper', () => {
  it('keeps details nested, so a stored key cannot replace id or name', () => {
    const row: SessionEventRow = {
      id: 'se-1',
      session_id: 's',
      seq: 1,
      name: 'VISITED',
      created_at: 'now',
      request_id: null,
      details: '{"id":"x","name":"CANCELLED"}',
      request_headers: null,
    };
    expect(toSessionEventView(row, false)).toEqual({
      id: 'se-1',
      name: 'VISITED',
      created_at: 'now',
      details: { id: 'x', name: 'CANCELLED' },
    });
  });
});

describe('aggregate mappers', () => {
  it('a session record has every JSON column parsed, and no raw JSON text left', () => {
    const row: SessionRow = {
      id: 'T00000001.s',
      account_id: 'T00000001',
      merchant_reference: 'm',
      currency: 'NOK',
      amount: 100,
      url: '{"return_url":"https://r.example","callback_url":"https://c.example"}',
      order_data: '{"amount":100,"currency":"NOK","merchant_reference":"m"}',
      configuration: '{"auto_capture":true}',
      customer: '{"first_name":"Kari","tokens":["t"]}',
      express: null,
      metadata: '{"k":"v"}',
      customer_name: 'Kari',
      expires_at: 'later',
      transaction_id: null,
      status: 'OPEN',
      cancelled_at: null,
      cancelled_by: null,
      created_at: 'now',
      updated_at: 'now',
      version: 1,
      kind: 'PAYMENT_TOKEN',
      pay_lock_id: null,
      token_provider: '{"payment_product_type":"sandbox.creditcard","token_types":["payment_token"]}',
      payment_operation: null,
      profile_id: null,
      request_headers: '{"user-agent":"t"}',
      customer_email: null,
      merchant_reference_2: null,
      platform_type: null,
      system_plugin_name: null,
    };
    const record = toSessionRecord(row);
    expect(record).toMatchObject({
      url: { return_url: 'https://r.example', callback_url: 'https://c.example' },
      order: { amount: 100 },
      configuration: { auto_capture: true },
      customer: { first_name: 'Kari', tokens: ['t'] },
      metadata: { k: 'v' },
      tokenProvider: { token_types: ['payment_token'] },
    });
    // The creating request's headers stay text until an include asks for them.
    expect(record.request_headers).toBe('{"user-agent":"t"}');
    expect(sessionRequestHeaders(record)).toEqual({ 'user-agent': 't' });
    expect(record).not.toHaveProperty('express');
    expect(record).not.toHaveProperty('order_data');
    expect(record).not.toHaveProperty('token_provider');
  });

  const tx: TransactionRow = {
    id: 'T00000001.t',
    account_id: 'T00000001',
    session_id: 'T00000001.s',
    status: 'AUTHORIZED',
    currency: 'NOK',
    amount: 100,
    captured_amount: 0,
    refunded_amount: 0,
    voided_amount: 0,
    pending_capture: 0,
    pending_refund: 0,
    pending_void: 0,
    payment_product: 'sandbox',
    payment_product_type: 'sandbox.creditcard',
    card: null,
    merchant_reference: 'm',
    merchant_reference_2: null,
    data: '{"items":[{"line_id":"1","amount":100}]}',
    created_at: 'now',
    updated_at: 'now',
    version: 2,
    payment_token: null,
    recurrence_token: null,
    payment_operation: null,
    lines: null,
    final_captured: 0,
    final_authorization: 0,
    card_brand: null,
    payout_destination_id: null,
    awaiting_customer_until: null,
    pending_action: null,
    action_claim: null,
    action_claim_owner: null,
    action_claimed_at: null,
    owner_boot_id: null,
    provider_reference: null,
    provider_data: null,
    confirm_after: null,
    confirm_asks: 0,
  };

  it('transaction lines are money state: a stored shape that is not LineAmounts is refused, not misread', () => {
    expect(toTransactionRecord(tx)).toMatchObject({ data: { items: [{ line_id: '1', amount: 100 }] } });
    expect(toTransactionRecord(tx)).not.toHaveProperty('lines');
    const lines = { '1': { authorized: 100, captured: 40, refunded: 0, pendingCapture: 0, pendingRefund: 0 } };
    expect(toTransactionRecord({ ...tx, lines: JSON.stringify(lines) }).lines).toEqual(lines);
    expect(() => toTransactionRecord({ ...tx, lines: '{"1":{"authorized":"100"}}' })).toThrow();
  });

  it("an operation's reservation is checked; details default to {}", () => {
    const op: OperationRow = {
      id: 'op',
      transaction_id: tx.id,
      account_id: tx.account_id,
      operation: 'CAPTURE',
      reference: null,
      request_hash: 'h',
      reservation: '{"op":"CAPTURE","amount":40,"lines":{},"finalCapture":false}',
      status: 'PENDING',
      initiate_request_id: null,
      created_by: 'c',
      request_id: null,
      details: null,
      request_headers: null,
      created_at: 'now',
      updated_at: 'now',
      owner_boot_id: null,
    };
    expect(toOperationRecord(op)).toMatchObject({
      reservation: { op: 'CAPTURE', amount: 40, lines: {}, finalCapture: false },
      details: {},
    });
    expect(() =>
      toOperationRecord({ ...op, reservation: '{"op":"CAPTURE","amount":40.5,"lines":{},"finalCapture":false}' }),
    ).toThrow();
  });
});
