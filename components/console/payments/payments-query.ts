import { z } from 'zod';
import { TRANSACTION_STATUSES } from '../../../domain/transaction-state';
import { currencyExponent } from '../../../domain/money';
import { majorText, parseMajor } from './payment-money';

/**
 * The payments lists' filters. The page's URL carries the API's own query parameters (GET /v1/transactions,
 * GET /v1/sessions: the same names and values, amounts in minor units), plus `list`; so a filtered view is a link,
 * and the API query is the URL's. The form shows amounts in major units of the chosen currency.
 */
export type PaymentsList = 'transactions' | 'sessions';
export const PAGE_SIZE = 20;

const dateField = z.union([z.literal(''), z.iso.date('Enter a date as yyyy-mm-dd')]);
const amountField = (label: string) => z.string().trim().max(14, `${label}: too long`);

export const FiltersForm = z
  .object({
    search: z.string().trim().max(255, 'At most 255 characters'),
    merchant_reference: z.string().trim().max(255, 'At most 255 characters'),
    status: z.union([z.literal(''), z.enum(TRANSACTION_STATUSES)]),
    currency: z.union([z.literal(''), z.string().regex(/^[A-Z]{3}$/, 'A currency code, e.g. NOK')]),
    from: dateField,
    to: dateField,
    amount_from: amountField('From amount'),
    amount_to: amountField('To amount'),
  })
  .superRefine((v, ctx) => {
    for (const key of ['amount_from', 'amount_to'] as const)
      if (v[key] && parseMajor(v[key], v.currency) === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `Enter an amount with at most ${currencyExponent(v.currency)} decimals`,
        });
    if (v.from && v.to && v.from > v.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Before the from date' });
  });
export type FiltersValues = z.infer<typeof FiltersForm>;

export const EMPTY_FILTERS: FiltersValues = {
  search: '',
  merchant_reference: '',
  status: '',
  currency: '',
  from: '',
  to: '',
  amount_from: '',
  amount_to: '',
};

/** Which of the URL's parameters each list sends to its API (the rest are the other list's). */
const API_PARAMS: Record<PaymentsList, readonly string[]> = {
  transactions: [
    'search',
    'merchant_reference',
    'status',
    'currency',
    'created_at.gte',
    'created_at.lte',
    'amount.gte',
    'amount.lte',
  ],
  sessions: ['search', 'merchant_reference', 'created_at.gte', 'created_at.lte'],
};

export const listOf = (params: URLSearchParams): PaymentsList =>
  params.get('list') === 'sessions' ? 'sessions' : 'transactions';

/** The form's values from the URL. */
export const filtersFromUrl = (params: URLSearchParams): FiltersValues => {
  const currency = params.get('currency') ?? '';
  const status = params.get('status') ?? '';
  const amount = (name: string) => {
    const minor = Number(params.get(name) ?? '');
    return params.get(name) && Number.isSafeInteger(minor) ? majorText(minor, currency) : '';
  };
  return {
    search: params.get('search') ?? '',
    merchant_reference: params.get('merchant_reference') ?? '',
    status: (TRANSACTION_STATUSES as readonly string[]).includes(status) ? (status as FiltersValues['status']) : '',
    currency,
    from: (params.get('created_at.gte') ?? '').slice(0, 10),
    to: (params.get('created_at.lte') ?? '').slice(0, 10),
    amount_from: amount('amount.gte'),
    amount_to: amount('amount.lte'),
  };
};

/** The URL of a list with these filters, on its first page. */
export const urlFor = (list: PaymentsList, v: FiltersValues): string => {
  const params = new URLSearchParams();
  if (list === 'sessions') params.set('list', 'sessions');
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '' && API_PARAMS[list].includes(name)) params.set(name, String(value));
  };
  set('search', v.search);
  set('merchant_reference', v.merchant_reference);
  set('status', v.status);
  set('currency', v.currency);
  set('created_at.gte', v.from);
  set('created_at.lte', v.to);
  set('amount.gte', v.amount_from ? parseMajor(v.amount_from, v.currency) : undefined);
  set('amount.lte', v.amount_to ? parseMajor(v.amount_to, v.currency) : undefined);
  const query = params.toString();
  return `/console/payments${query ? `?${query}` : ''}`;
};

/** The same list and filters, from `cursor` (the API's `starting_after`), or the first page without one. */
export const pageUrl = (params: URLSearchParams, cursor: string | undefined): string => {
  const next = new URLSearchParams(params);
  if (cursor) next.set('starting_after', cursor);
  else next.delete('starting_after');
  const query = next.toString();
  return `/console/payments${query ? `?${query}` : ''}`;
};

/** The API request of the URL's list: its own parameters, one item more than a page (is there a next page?). */
export const apiPathFor = (params: URLSearchParams): string => {
  const list = listOf(params);
  const query = new URLSearchParams();
  for (const name of [...API_PARAMS[list], 'starting_after']) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  query.set('limit', String(PAGE_SIZE + 1));
  if (list === 'sessions') query.set('includes', 'events.latest');
  return `/v1/${list}?${query.toString()}`;
};
