import { isAppError } from '../errors/app-error';
import type { ProviderCallObserver } from '../providers/observed-provider';
import type { Logger } from './logger';
import type { KassaMetrics } from './metrics';

/**
 * An error a provider call ended in, for the log: a provider's expected refusals (AppError: not reached,
 * no answer in time, a product switched off) by their code, message and cause's message, without a stack
 * on every line; anything else whole, stack and all (a bug).
 */
const causeOf = (error: unknown): unknown => {
  if (!isAppError(error)) return error;
  const cause = (error as { cause?: unknown }).cause;
  return {
    type: error.name,
    code: error.code,
    message: error.message,
    ...(cause instanceof Error ? { cause: cause.message } : {}),
  };
};

/**
 * Where each provider call goes (issue 38 item 6): one log line (info; warn with the error's cause when it
 * threw) with the call's identifiers, duration and outcome, and the provider metrics. Only the fields of
 * `ProviderCall` and the error are written: never a card number, CVC, token or secret.
 */
export const providerCallLog =
  (logger: Logger, metrics: KassaMetrics | undefined): ProviderCallObserver =>
  (call, error) => {
    metrics?.observeProviderCall(call);
    if (error === undefined) logger.info({ provider_call: call }, 'provider call');
    else logger.warn({ provider_call: call, err: causeOf(error) }, 'provider call failed');
  };
