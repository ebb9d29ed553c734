import { describe, expect, it } from 'vitest';
import { amountProblem, majorText, money, parseMajor } from '../../components/console/payments/payment-money';
import type { Transaction, TransactionEvent } from '../../components/console/payments/payment-types';
import {
  apiPathFor,
  EMPTY_FILTERS,
  filtersFromUrl,
  FiltersForm,
  pageUrl,
  urlFor,
} from '../../components/console/payments/payments-query';
import { amountsOf, linesOf, operationItems } from '../../components/console/payments/transaction-amounts';
import { doneInWords } from '../../components/console/payments/operation-words';

/** The console's Payments section (issue 26): its money, its transaction amounts and its URL-bound filters. */
const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('console money', () => {
  it('shows and reads amounts with the currency exponent', () => {
    expect(nbsp(money(39800, 'NOK'))).toBe('NOK 398.00');
    expect(nbsp(money(500, 'JPY'))).toBe('¥500');
    expect(majorText(39800, 'NOK')).toBe('398.00');
    expect(majorText(5, 'NOK')).toBe('0.05');
    expect(majorText(500, 'JPY')).toBe('500');
    expect(majorText(1234, 'KWD')).toBe('1.234');
    expect(parseMajor('120', 'NOK')).toBe(12000);
    expect(parseMajor('120.5', 'NOK')).toBe(12050);
    expect(parseMajor('120,05', 'NOK')).toBe(12005);
    expect(parseMajor('0.1', 'NOK')).toBe(10);
    expect(parseMajor('1.234', 'KWD')).toBe(1234);
    expect(parseMajor('500', 'JPY')).toBe(500);
  });

  it('refuses what is not an amount in the currency', () => {
    for (const bad of ['', 'abc', '-1', '1.234', '1e3', '12.3.4', '99999999999'])
      expect(parseMajor(bad, 'NOK'), bad).toBeUndefined();
    expect(parseMajor('5.5', 'JPY')).toBeUndefined();
    expect(parseMajor('21474836.48', 'NOK')).toBeUndefined(); // over int32
    expect(amountProblem('0', 'NOK', 100)).toBe('Enter an amount above zero');
    expect(nbsp(amountProblem('1.01', 'NOK', 100)!)).toBe('At most NOK 1.00');
    expect(amountProblem('1.00', 'NOK', 100)).toBeUndefined();
    expect(amountProblem('1.001', 'NOK', 100)).toMatch(/at most 2 decimals/);
  });
});

const event = (e: Partial<TransactionEvent> & Pick<TransactionEvent, 'event'>): TransactionEvent => ({
  id: `${e.event}-${Math.random()}`,
  success: true,
  created_at: '2026-01-01T00:00:00Z',
  created_by: 'someone',
  ...e,
});
const ITEMS = [
  { line_id: '1', description: 'Mug', quantity: 2, amount: 20000 },
  { line_id: '2', description: 'Beans', quantity: 1, amount: 19800 },
];
const tx = (status: Transaction['status'], events: TransactionEvent[]) => ({
  status,
  amount: 39800,
  items: ITEMS,
  events: [event({ event: 'AUTHORIZE', amount: 39800 }), ...events],
});

describe('transaction amounts from the events', () => {
  it('sums settled captures, refunds and voids; failed ones move nothing', () => {
    const a = amountsOf(
      tx('PARTIALLY_CAPTURED_REFUNDED', [
        event({ event: 'CAPTURE', amount: 12000 }),
        event({ event: 'CAPTURE', amount: 5000, success: false, error: { code: 'X', message: 'no' } }),
        event({ event: 'REFUND', amount: 2000 }),
      ]),
    );
    expect(a).toMatchObject({ authorized: 39800, captured: 12000, refunded: 2000, voided: 0 });
    expect(a).toMatchObject({ leftToCapture: 27800, leftToRefund: 10000, leftToVoid: 27800 });
  });

  it('counts an INITIATE_* without its completing event as in flight, and not twice once completed', () => {
    const initiate = event({ event: 'INITIATE_CAPTURE', amount: 10002, event_request_id: 'r1' });
    const pending = amountsOf(tx('AUTHORIZED', [initiate]));
    expect(pending).toMatchObject({ captured: 0, pendingCapture: 10002, leftToCapture: 39800 - 10002 });
    const done = amountsOf(
      tx('PARTIALLY_CAPTURED', [initiate, event({ event: 'CAPTURE', amount: 10002, initiate_request_id: 'r1' })]),
    );
    expect(done).toMatchObject({ captured: 10002, pendingCapture: 0, leftToCapture: 39800 - 10002 });
  });

  it('holds nothing before authorization; ON_HOLD may only be voided', () => {
    expect(amountsOf(tx('DECLINED', []))).toMatchObject({ authorized: 0, leftToCapture: 0, leftToVoid: 0 });
    expect(amountsOf(tx('ON_HOLD', []))).toMatchObject({ leftToCapture: 0, leftToRefund: 0, leftToVoid: 39800 });
    const voided = amountsOf(tx('AUTHORIZATION_VOIDED', [event({ event: 'VOID', amount: 39800 })]));
    expect(voided).toMatchObject({ voided: 39800, leftToCapture: 0, leftToVoid: 0 });
  });

  it('per line: what itemized operations took, and the items an operation on the rest sends', () => {
    const t = tx('PARTIALLY_CAPTURED', [
      event({ event: 'CAPTURE', amount: 10000, items: [{ line_id: '1', amount: 10000, quantity: 1 }] }),
      event({ event: 'CAPTURE', amount: 5000 }), // by amount: no line
      event({ event: 'REFUND', amount: 10000, items: [{ line_id: '1', amount: 10000, quantity: 1 }] }),
    ]);
    const [mug, beans] = linesOf(t);
    expect(mug).toMatchObject({ captured: 10000, refunded: 10000, leftToCapture: 10000, leftToRefund: 0 });
    expect(mug).toMatchObject({ capturedQuantity: 1, refundedQuantity: 1 });
    expect(beans).toMatchObject({ captured: 0, leftToCapture: 19800, leftToRefund: 0 });
    expect(operationItems([mug!, beans!], 'CAPTURE')).toEqual([
      { line_id: '1', amount: 10000, quantity: 1 },
      { line_id: '2', amount: 19800, quantity: 1 },
    ]);
  });
});

describe('the lists: filters in the URL are the API query', () => {
  it('a filtered view is a link whose parameters are the API names, amounts in minor units', () => {
    const url = urlFor('transactions', {
      ...EMPTY_FILTERS,
      search: 'demo-1',
      status: 'AUTHORIZED',
      currency: 'NOK',
      from: '2026-01-01',
      to: '2026-01-31',
      amount_from: '100',
      amount_to: '398.50',
    });
    expect(url).toBe(
      '/console/payments?search=demo-1&status=AUTHORIZED&currency=NOK&created_at.gte=2026-01-01&created_at.lte=2026-01-31&amount.gte=10000&amount.lte=39850',
    );
    const params = new URL(url, 'http://x').searchParams;
    expect(filtersFromUrl(params)).toMatchObject({ amount_from: '100.00', amount_to: '398.50', status: 'AUTHORIZED' });
    expect(apiPathFor(params)).toBe(
      '/v1/transactions?search=demo-1&status=AUTHORIZED&currency=NOK&created_at.gte=2026-01-01&created_at.lte=2026-01-31&amount.gte=10000&amount.lte=39850&limit=21',
    );
  });

  it('sessions send only what GET /v1/sessions takes; paging keeps the filters', () => {
    const url = urlFor('sessions', { ...EMPTY_FILTERS, search: 'kari', status: 'CAPTURED', amount_from: '1' });
    expect(url).toBe('/console/payments?list=sessions&search=kari');
    const params = new URL(pageUrl(new URL(url, 'http://x').searchParams, 'S1'), 'http://x').searchParams;
    expect(apiPathFor(params)).toBe('/v1/sessions?search=kari&starting_after=S1&limit=21&includes=events.latest');
    expect(pageUrl(params, undefined)).toBe('/console/payments?list=sessions&search=kari');
  });

  it('the form refuses bad amounts and dates before anything is asked', () => {
    const bad = FiltersForm.safeParse({ ...EMPTY_FILTERS, amount_from: '1.234', from: '2026-02-30', to: '' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['amount_from', 'from']);
    const order = FiltersForm.safeParse({ ...EMPTY_FILTERS, from: '2026-02-02', to: '2026-02-01' });
    expect(order.error!.issues.map((i) => i.path.join('.'))).toEqual(['to']);
  });
});

describe('what an operation answered, in words', () => {
  const initiate = (extra: Partial<TransactionEvent>): Pick<Transaction, 'events'> => ({
    events: [
      {
        id: 'e1',
        event: 'INITIATE_CAPTURE',
        success: true,
        created_at: '',
        created_by: '',
        event_request_id: 'r1',
        ...extra,
      },
    ],
  });
  it('tells done, accepted for later, and sent without an answer (the provider may have done it) apart', () => {
    expect(doneInWords('capture', 'NOK 100.00', { events: [] }, null)).toBe('Captured NOK 100.00.');
    expect(doneInWords('capture', 'NOK 100.00', initiate({}), 'r1')).toBe(
      'Capture of NOK 100.00 sent: the payment provider completes it later.',
    );
    const unknown = doneInWords('refund', 'NOK 100.00', initiate({ provider_outcome: 'unknown' }), 'r1');
    expect(unknown).toMatch(/did not answer in time: it may have done it/);
    expect(unknown).toMatch(/do not refund it again/);
  });
});
