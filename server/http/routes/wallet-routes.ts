import { z } from 'zod';
import { SCOPES } from '../../auth/scopes';
import { ErrorBody } from '../../shared/schemas';
import { createCard } from '../../wallets/create-card';
import { createCardToken } from '../../wallets/create-card-token';
import { createWalletTransaction } from '../../wallets/create-wallet-transaction';
import { getCard } from '../../wallets/get-card';
import { listCardTransactions } from '../../wallets/list-card-transactions';
import { listCards } from '../../wallets/list-cards';
import { pagingHeaders } from '../../shared/paging';
import {
  AccountParams,
  CardBody,
  CardDetailsSchema,
  CardIdParams,
  CardSchema,
  ListQuery,
  TokenBody,
  TokenSchema,
  TransactionBody,
  WalletTransactionSchema,
} from '../../wallets/wallet-schemas';
import { defineRoute, ok, type RouteDef } from '../route';
import { AUTH_ERRORS, INVALID_REQUEST, NOT_FOUND } from './common-responses';

const base = { tags: ['wallets'], auth: 'bearer' as const };
const CARDS = '/v1/accounts/{aid}/wallets/cards';
const errors = { ...INVALID_REQUEST, ...AUTH_ERRORS, ...NOT_FOUND };
const CONFLICT = { 409: { description: 'Conflict (`error.code` says why)', schema: ErrorBody } };
const PAGING = { paging_token: 'The `starting_after` of the next page; absent on the last page' };

/** Issue 10: the account API's wallet operations, under /v1/accounts/{aid}/wallets */
export const walletRoutes: RouteDef[] = [
  defineRoute({
    ...base,
    operationId: 'wallets_cards_post',
    method: 'POST',
    path: CARDS,
    summary: 'Create a wallet card (an initial `amount` is its first ledger entry)',
    scopes: SCOPES.walletsWrite,
    params: AccountParams,
    body: CardBody,
    idempotent: true,
    responses: { 200: { description: 'The card', schema: CardSchema }, ...errors, ...CONFLICT },
    handle: async ({ ctx, actor, body, meta }) => ok(await createCard(ctx, actor, body, meta)),
  }),
  defineRoute({
    ...base,
    operationId: 'wallets_cards_get',
    method: 'GET',
    path: CARDS,
    summary: 'List wallet cards (oldest first)',
    scopes: SCOPES.walletsRead,
    params: AccountParams,
    query: ListQuery,
    responses: { 200: { description: 'Cards', schema: z.array(CardSchema), headers: PAGING }, ...errors },
    handle: async ({ ctx, actor, query }) => {
      const page = await listCards(ctx, actor, query);
      return ok(page.items, pagingHeaders(page));
    },
  }),
  defineRoute({
    ...base,
    operationId: 'wallets_card_get',
    method: 'GET',
    path: `${CARDS}/{card_id}`,
    summary: 'Get a wallet card with its balance and its unexpired tokens (masked)',
    scopes: SCOPES.walletsRead,
    params: CardIdParams,
    responses: { 200: { description: 'The card', schema: CardDetailsSchema }, ...errors },
    handle: async ({ ctx, actor, params }) => ok(await getCard(ctx, actor, params.card_id)),
  }),
  defineRoute({
    ...base,
    operationId: 'wallets_card_transactions_get',
    method: 'GET',
    path: `${CARDS}/{card_id}/transactions`,
    summary: "The card's ledger, in the order written",
    scopes: SCOPES.walletsRead,
    params: CardIdParams,
    query: ListQuery,
    responses: {
      200: { description: 'Ledger entries', schema: z.array(WalletTransactionSchema), headers: PAGING },
      ...errors,
    },
    handle: async ({ ctx, actor, params, query }) => {
      const page = await listCardTransactions(ctx, actor, params.card_id, query);
      return ok(page.items, pagingHeaders(page));
    },
  }),
  defineRoute({
    ...base,
    operationId: 'wallets_card_tokens_post',
    method: 'POST',
    path: `${CARDS}/{card_id}/tokens`,
    summary:
      'Create a short-lived card token (single use by default; the same ref_id returns the same token) with its checkout PIN: ' +
      'the one given, or a generated one answered only in this answer as `pin` (ADR 030)',
    scopes: SCOPES.walletsWrite,
    params: CardIdParams,
    body: TokenBody,
    idempotent: true,
    responses: { 200: { description: 'The token', schema: TokenSchema }, ...errors },
    handle: async ({ ctx, actor, params, body, meta }) => {
      const { token, pin } = await createCardToken(ctx, actor, params.card_id, body, meta);
      return pin === undefined ? ok(token) : { ...ok({ ...token, pin: { value: pin } }), replayBody: token };
    },
  }),
  defineRoute({
    ...base,
    operationId: 'wallets_transactions_post',
    method: 'POST',
    path: '/v1/accounts/{aid}/wallets/transactions',
    summary: 'Draw down (default) or fund a card, by card_id or token; the balance never goes below zero',
    scopes: SCOPES.walletsWrite,
    params: AccountParams,
    body: TransactionBody,
    idempotent: true,
    responses: { 200: { description: 'The ledger entry', schema: WalletTransactionSchema }, ...errors, ...CONFLICT },
    handle: async ({ ctx, actor, body, meta }) => ok(await createWalletTransaction(ctx, actor, body, meta)),
  }),
];
