import { readMerchantSettings } from '../../accounts/merchant-settings';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/tx';
import { AppError } from '../../errors/app-error';
import { nowIso } from '../../shared/clock';
import { randomBase58 } from '../../shared/ids';
import { parseJson } from '../../shared/json-columns';
import type { AuthorizeAnswer, CardSummary, PaymentProduct } from '../port';
import { validateCard } from '../validate-card';
import { DEFAULT_MERCHANT_COUNTRY, withIssuer, withRegion } from './card-issuers';
import type { UnrecordedProvider } from './authorizations';
import type { SandboxOperations } from './ledger';
import { SANDBOX_CARD_TYPE, sandboxPagePath, type SandboxPageState } from './pages';

/**
 * Deterministic test cards. Any other Luhn-valid number with a future expiry and a valid
 * security code is approved. A decline's code and message are the transaction's AUTHORIZE error (the
 * merchant reads why); the checkout page shows its own words for each (components/checkout/payment-errors.ts).
 */
export const SANDBOX_CARDS = {
  approve: '4111111111111111',
  decline: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Declined by the issuer as expired, whatever expiry is typed (`expired_card`, permanent). */
  expired: '4000000000000069',
  /** Declined: reported lost (`lost_card`) or stolen (`stolen_card`); the shopper's page hears only card_declined. */
  lost: '4000000000009987',
  stolen: '4000000000009979',
  /** Approved but flagged for review: ON_HOLD when the session's configuration has enable_on_hold. */
  onHold: '4000000000000259',
  /** 3-D Secure: a challenge page; completing it approves. */
  challenge: '4000000000003220',
  /** 3-D Secure: a challenge page; the issuer declines even after it is completed. */
  challengeThenDecline: '4000000000003063',
  /** Approved; issuers in Norway (domestic), Sweden (eea), the UK (eea-uk), Switzerland (europe), the US (inter): card-issuers.ts. */
  domestic: '4000005780000007',
  eea: '4000007520000008',
  eeaUk: '4000008260000000',
  europe: '4000007560000009',
  inter: '4000008400000001',
  /** Approved; a commercial (business) MasterCard. */
  commercial: '5222222222222227',
} as const;

const CHALLENGES: Record<string, 'APPROVE' | 'DECLINE'> = {
  [SANDBOX_CARDS.challenge]: 'APPROVE',
  [SANDBOX_CARDS.challengeThenDecline]: 'DECLINE',
};

interface Decline {
  code: string;
  message: string;
  retryable: boolean;
}

const DECLINES: Record<string, Decline> = {
  [SANDBOX_CARDS.decline]: { code: 'card_declined', message: 'The card was declined by the issuer', retryable: false },
  [SANDBOX_CARDS.insufficientFunds]: {
    code: 'insufficient_funds',
    message: 'The card has insufficient funds',
    retryable: true,
  },
  [SANDBOX_CARDS.expired]: { code: 'expired_card', message: 'The issuer says the card has expired', retryable: false },
  [SANDBOX_CARDS.lost]: {
    code: 'lost_card',
    message: 'The issuer declined: the card is reported lost',
    retryable: false,
  },
  [SANDBOX_CARDS.stolen]: {
    code: 'stolen_card',
    message: 'The issuer declined: the card is reported stolen',
    retryable: false,
  },
};

const declined = (card: CardSummary | undefined, d: Decline): AuthorizeAnswer => ({
  outcome: 'DECLINED',
  ...(card ? { card } : {}),
  ...d,
});
const approved = (card: CardSummary, review?: boolean): AuthorizeAnswer => ({
  outcome: 'APPROVED',
  card,
  providerReference: `sbx_${randomBase58(16)}`,
  ...(review ? { review: true } : {}),
});

export const SANDBOX_CARD: PaymentProduct = {
  type: SANDBOX_CARD_TYPE,
  name: 'Card',
  kind: 'card',
  testOnly: true,
  capabilities: {
    partialCapture: true,
    partialVoid: true,
    itemBased: false,
    refunds: true,
    tokenization: true,
    customerAction: true,
    asyncOperations: true,
    authorizationUpdate: true,
  },
};

/**
 * The sandbox card acquirer (`sandbox.creditcard`): the test cards approve, decline, put on hold or
 * ask for 3-D Secure (CUSTOMER_ACTION: the sandbox's challenge page). It keeps its own card vault
 * (`sandbox_vault`: card summary and the behaviour of the test card, never the number), as a real
 * acquirer would on its side, for tokens and merchant-initiated payments.
 */
export const createSandboxCard = (database: Database, ledger: SandboxOperations): UnrecordedProvider => {
  const vaulted = (accountId: string, token: string) =>
    database.db
      .selectFrom('sandbox_vault')
      .select(['card', 'behavior'])
      .where('token', '=', token)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  /** The card as the sandbox knows it: its issuer, and its region seen from the account's merchant country. */
  const described = async (accountId: string, summary: CardSummary): Promise<CardSummary> => {
    const { merchant_country } = await readMerchantSettings(database.db, accountId);
    return withRegion(summary, merchant_country ?? DEFAULT_MERCHANT_COUNTRY);
  };
  return {
    name: 'sandbox',
    products: [SANDBOX_CARD],
    async authorize({ accountId, transactionId, card, token }) {
      if (token) {
        const stored = await vaulted(accountId, token);
        // No card is known for an unknown token: the transaction shows none rather than an invented one.
        if (!stored)
          return declined(undefined, {
            code: 'token_not_found',
            message: 'The card token is not known',
            retryable: false,
          });
        const summary = await described(accountId, parseJson<CardSummary>(stored.card));
        return stored.behavior === 'APPROVE'
          ? approved(summary)
          : declined(summary, parseJson<Decline>(stored.behavior));
      }
      if (!card)
        throw new AppError('INVALID_REQUEST', 'A card payment needs the card or a stored card', {
          errors: [{ path: 'payment.card', message: 'required' }],
        });
      const { pan, summary: typed } = validateCard(card);
      const summary = await described(accountId, withIssuer(pan, typed));
      const decline = DECLINES[pan];
      if (decline) return declined(summary, decline);
      const challenge = CHALLENGES[pan];
      if (!challenge) return approved(summary, pan === SANDBOX_CARDS.onHold);
      const state: SandboxPageState = { type: '3ds', card: summary, after: challenge };
      return {
        outcome: 'CUSTOMER_ACTION',
        url: sandboxPagePath('3ds', transactionId),
        state,
        card: summary,
        action: { code: '3DS_CHALLENGE', type: '3ds' },
      };
    },
    /** The cardholder completed (`complete`) or failed the challenge; the issuer then answers as the test card said. */
    async completeCustomerAction({ state, decision }) {
      if (decision !== 'complete' && decision !== 'fail')
        throw new AppError('INVALID_REQUEST', 'This payment waits for complete or fail');
      const { card, after } = state as Extract<SandboxPageState, { type: '3ds' }>;
      if (decision === 'fail')
        return declined(card, {
          code: 'authentication_failed',
          message: 'The cardholder did not pass 3-D Secure authentication',
          retryable: true,
        });
      if (after === 'DECLINE') return declined(card, DECLINES[SANDBOX_CARDS.decline]!);
      return approved(card);
    },
    async tokenize({ accountId, card, tokenTypes }) {
      const { pan, summary: typed } = validateCard(card);
      const summary = withIssuer(pan, typed); // the vault keeps the issuer; the region is decided per payment
      const behavior = DECLINES[pan] ? JSON.stringify(DECLINES[pan]) : 'APPROVE';
      const tokens = {
        payment_token: `sbx_pt_${randomBase58(24)}`,
        ...(tokenTypes.includes('recurrence_token') ? { recurrence_token: `sbx_rt_${randomBase58(24)}` } : {}),
      };
      // its own transaction (never the caller's: providers are called outside one), group-committed
      await inTransaction(database, async (trx) => {
        for (const [type, token] of Object.entries(tokens)) {
          await trx
            .insertInto('sandbox_vault')
            .values({
              token,
              account_id: accountId,
              token_type: type,
              card: JSON.stringify(summary),
              behavior,
              created_at: nowIso(),
            })
            .execute();
        }
      });
      return { card: await described(accountId, summary), ...tokens };
    },
    async storedCard({ accountId, token }) {
      const stored = await vaulted(accountId, token);
      return stored ? parseJson<CardSummary>(stored.card) : undefined;
    },
    ...ledger,
  };
};
