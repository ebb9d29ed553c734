import type { CardSummary } from '../../../domain/card';
import { parseJson } from '../../shared/json-columns';

/**
 * The sandbox's own customer-action pages (`/sandbox/{page}/{transaction_id}`, app/sandbox/): a
 * simulated bank's 3-D Secure challenge and a wallet's approval page, each serving one product.
 */
export const SANDBOX_CARD_TYPE = 'sandbox.creditcard';
export const SANDBOX_WALLET_TYPE = 'sandbox.wallet';
export const SANDBOX_PAGES = { '3ds': SANDBOX_CARD_TYPE, wallet: SANDBOX_WALLET_TYPE } as const;
export type SandboxPage = keyof typeof SANDBOX_PAGES;

/** What a sandbox page's attempt keeps while it waits (transactions.pending_action; the issuer's answer after a challenge). */
export type SandboxPageState = { type: '3ds'; card: CardSummary; after: 'APPROVE' | 'DECLINE' } | { type: 'wallet' };

export const sandboxPagePath = (page: SandboxPage, transactionId: string): string =>
  `/sandbox/${page}/${encodeURIComponent(transactionId)}`;

export const readSandboxPageState = (json: string | null): SandboxPageState | undefined =>
  json ? parseJson<SandboxPageState>(json) : undefined;
