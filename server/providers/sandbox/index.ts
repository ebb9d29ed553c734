import type { Database } from '../../db/database';
import type { PaymentProvider } from '../port';
import { createSandboxCard } from './card';
import { withAuthorizationRecord } from './authorizations';
import { sandboxLedger } from './ledger';
import { SANDBOX_INSTALLMENT, SANDBOX_INVOICE, createSandboxLender } from './lender';
import { SANDBOX_CARD_TYPE } from './pages';
import { createSandboxWallet } from './wallet';

/** The product a test account's session offers when its configuration names no provider. */
export const SANDBOX_DEFAULT_TYPE = SANDBOX_CARD_TYPE;

/**
 * The sandbox's providers (ADR 016, ADR 032): its card, invoice, part payment and wallet, for test
 * accounts. Their money operations share the sandbox ledger. (Paying with gift cards alone is Kassa's
 * own, server/providers/gift-cards.)
 */
export const sandboxProviders = (database: Database): PaymentProvider[] => {
  const ledger = sandboxLedger(database);
  const providers = [
    createSandboxCard(database, ledger),
    createSandboxLender(SANDBOX_INVOICE, ledger),
    createSandboxLender(SANDBOX_INSTALLMENT, ledger),
    createSandboxWallet(ledger),
  ];
  return providers.map((p) => withAuthorizationRecord(database, p));
};
