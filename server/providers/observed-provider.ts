import { isAppError } from '../errors/app-error';
import type { PaymentProvider } from './port';
import { isOutcomeUnknown } from './provider-errors';

/** One finished provider call, as logged and counted (never a card number, CVC, token or secret: only these fields). */
export interface ProviderCall {
  provider: string;
  product_type: string;
  /** The port's method: authorize, capture, refund, void, operationStatus, ... */
  operation: string;
  transaction_id?: string;
  operation_id?: string;
  duration_ms: number;
  /** What it answered (AUTHORIZED, DECLINED, CUSTOMER_ACTION, DONE, PENDING, UNKNOWN, ...), or `error`. */
  outcome: string;
  /** For an error: its code (PROVIDER_UNAVAILABLE, PROVIDER_OUTCOME_UNKNOWN, ...) or the error's name. */
  error_code?: string;
}

export type ProviderCallObserver = (call: ProviderCall, error?: unknown) => void;

/** The port's methods that call the provider (not `productsFor`/`productFor`, which read configuration). */
const CALLS = [
  'authorize',
  'completeCustomerAction',
  'authorizationStatus',
  'capture',
  'refund',
  'void',
  'updateAuthorization',
  'operationStatus',
  'transactionState',
  'storedCard',
  'tokenize',
] as const;

/** Only identifiers are read from a request: never the card, token or amounts' details. */
interface CallIds {
  productType?: unknown;
  transactionId?: unknown;
  operationId?: unknown;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

const outcomeOf = (answer: unknown): string => {
  if (typeof answer === 'string') return answer;
  if (answer && typeof answer === 'object' && 'outcome' in answer) return String(answer.outcome);
  if (answer === undefined) return 'DONE';
  return 'ANSWERED';
};

const errorCodeOf = (error: unknown): string => {
  if (isOutcomeUnknown(error)) return 'PROVIDER_OUTCOME_UNKNOWN';
  if (isAppError(error)) return error.code;
  return error instanceof Error ? error.name : 'UNKNOWN';
};

/**
 * `provider` with each call observed once (issue 38 item 6): its provider, product type, method,
 * transaction and operation ids, duration and outcome, or the error's code. The observer logs and
 * counts them (create-kassa.ts); the request and answer objects themselves are never handed on.
 */
export const observeProvider = (provider: PaymentProvider, observe: ProviderCallObserver): PaymentProvider => {
  const observed: PaymentProvider = Object.create(provider) as PaymentProvider;
  for (const name of CALLS) {
    const call = provider[name] as ((req: CallIds) => Promise<unknown>) | undefined;
    if (!call) continue;
    const wrapped = async (req: CallIds) => {
      const started = performance.now();
      const base = {
        provider: provider.name,
        product_type: text(req.productType) ?? '',
        operation: name,
        ...(text(req.transactionId) ? { transaction_id: text(req.transactionId) } : {}),
        ...(text(req.operationId) ? { operation_id: text(req.operationId) } : {}),
      };
      const ms = () => Math.round((performance.now() - started) * 10) / 10;
      try {
        const answer = await call.call(provider, req);
        observe({ ...base, duration_ms: ms(), outcome: outcomeOf(answer) });
        return answer;
      } catch (error) {
        observe({ ...base, duration_ms: ms(), outcome: 'error', error_code: errorCodeOf(error) }, error);
        throw error;
      }
    };
    Object.defineProperty(observed, name, { value: wrapped, writable: true, configurable: true, enumerable: true });
  }
  return observed;
};
