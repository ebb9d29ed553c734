import { addMinor, sumMinor, ZERO_MINOR, type MinorUnits } from '../../../domain/money';
import {
  itemsSumMismatch,
  lineOf,
  type LineAmount,
  type LineAmounts,
  type Lines,
  type TxState,
} from '../../../domain/transaction-state';

export interface AuthorizationUpdateRequest {
  amount?: MinorUnits;
  final_authorization?: boolean;
  items?: LineAmount[];
}

export type AuthorizationUpdateKind =
  'EXTEND_AUTHORIZATION' | 'UPDATE_ORDER_AMOUNT' | 'UPDATE_PRE_AUTHORIZATION' | 'AUTHORIZE_ON_HOLD';

export type AuthorizationDecision =
  | { ok: true; kind: AuthorizationUpdateKind; amount: MinorUnits; lines: Lines; finalAuthorization: boolean }
  | { ok: false; code: 'INVALID_REQUEST' | 'INVALID_ITEMS' | 'AUTHORIZATION_NOT_UPDATABLE'; message: string };

const refuse = (
  code: 'INVALID_REQUEST' | 'INVALID_ITEMS' | 'AUTHORIZATION_NOT_UPDATABLE',
  message: string,
): AuthorizationDecision => ({ ok: false, code, message });

/** New line amounts: each item names an order line; what was captured or refunded per line is kept. */
const linesFor = (state: TxState, items: LineAmount[] | undefined, amount: MinorUnits): Lines | string => {
  if (!items) return state.lines;
  const mismatch = itemsSumMismatch(items, amount);
  if (mismatch) return mismatch;
  const out = new Map<string, LineAmounts>();
  for (const item of items) {
    const old = lineOf(state.lines, item.line_id) ?? {
      authorized: ZERO_MINOR,
      captured: ZERO_MINOR,
      refunded: ZERO_MINOR,
      pendingCapture: ZERO_MINOR,
      pendingRefund: ZERO_MINOR,
    };
    if (item.amount < addMinor(old.captured, old.pendingCapture))
      return `Line ${item.line_id} cannot go below what was captured on it`;
    out.set(item.line_id, { ...old, authorized: item.amount });
  }
  for (const [id, l] of Object.entries(state.lines))
    if (!out.has(id) && l.captured > 0) return `Line ${id} was captured and must stay`;
  return Object.fromEntries(out);
};

/**
 * POST /v1/transactions/{id}/authorization, by product type (the spec's table):
 * ON_HOLD → authorize it (amount/items must match the order); item-based (pay-later) → extend
 * without amount, or update the order amount with items; card (own PSP) → update the
 * pre-authorization (amount and final_authorization required).
 */
export const decideAuthorizationUpdate = (
  state: TxState,
  req: AuthorizationUpdateRequest,
  finalAuthorization: boolean,
): AuthorizationDecision => {
  const a = state.amounts;
  if (state.status === 'ON_HOLD') {
    if (a.pendingVoid > 0) return refuse('AUTHORIZATION_NOT_UPDATABLE', 'A void of this transaction is in progress');
    if (req.amount !== undefined && req.amount !== a.authorized)
      return refuse('INVALID_REQUEST', `amount must equal the order amount ${a.authorized}`);
    if (req.items) {
      const mismatch = req.items.find((i) => lineOf(state.lines, i.line_id)?.authorized !== i.amount);
      if (mismatch || req.items.length !== Object.keys(state.lines).length)
        return refuse('INVALID_ITEMS', 'items must match the order lines');
    }
    return { ok: true, kind: 'AUTHORIZE_ON_HOLD', amount: a.authorized, lines: state.lines, finalAuthorization };
  }
  if (!['AUTHORIZED', 'PARTIALLY_CAPTURED'].includes(state.status) || state.finalCaptured) {
    return refuse(
      'AUTHORIZATION_NOT_UPDATABLE',
      `A transaction with status ${state.status} cannot have its authorization updated`,
    );
  }
  if (sumMinor([a.pendingCapture, a.pendingVoid, a.pendingRefund]) > 0)
    return refuse('AUTHORIZATION_NOT_UPDATABLE', 'Another operation on this transaction is in progress');
  if (finalAuthorization)
    return refuse('AUTHORIZATION_NOT_UPDATABLE', 'The authorization was final; it cannot be updated again');
  const floor = addMinor(a.captured, a.voided);
  if (state.itemBased) {
    if (req.amount === undefined)
      return {
        ok: true,
        kind: 'EXTEND_AUTHORIZATION',
        amount: a.authorized,
        lines: state.lines,
        finalAuthorization: false,
      };
    if (!req.items?.length) return refuse('INVALID_ITEMS', 'items are required to update the order amount');
    if (req.amount < floor) return refuse('INVALID_REQUEST', `amount cannot go below what was captured (${floor})`);
    const lines = linesFor(state, req.items, req.amount);
    return typeof lines === 'string'
      ? refuse('INVALID_ITEMS', lines)
      : { ok: true, kind: 'UPDATE_ORDER_AMOUNT', amount: req.amount, lines, finalAuthorization: false };
  }
  if (req.amount === undefined || req.final_authorization === undefined)
    return refuse('INVALID_REQUEST', 'amount and final_authorization are required to update a card pre-authorization');
  if (!req.final_authorization && req.amount <= a.authorized)
    return refuse('INVALID_REQUEST', `Without final_authorization the new amount must exceed ${a.authorized}`);
  if (req.amount < floor) return refuse('INVALID_REQUEST', `amount cannot go below what was captured (${floor})`);
  if (Object.keys(state.lines).length > 0 && !req.items)
    return refuse('INVALID_ITEMS', 'items are required: the transaction has order lines');
  const lines = linesFor(state, req.items, req.amount);
  return typeof lines === 'string'
    ? refuse('INVALID_ITEMS', lines)
    : {
        ok: true,
        kind: 'UPDATE_PRE_AUTHORIZATION',
        amount: req.amount,
        lines,
        finalAuthorization: req.final_authorization,
      };
};
