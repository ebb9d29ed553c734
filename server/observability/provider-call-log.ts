import type { ProviderCallObserver } from '../providers/observed-provider';
import type { Logger } from './logger';
import type { KassaMetrics } from './metrics';

/**
 * Where each provider call goes (issue 38 item 6): one log line (info; warn with the error's cause when
 * it threw) with the call's identifiers, duration and outcome, and the provider metrics. Only the fields
 * of `ProviderCall` are written: never a card number, CVC, token or secret.
 */
export const providerCallLog =
  (logger: Logger, metrics: KassaMetrics | undefined): ProviderCallObserver =>
  (call, error) => {
    metrics?.observeProviderCall(call);
    if (error === undefined) logger.info({ provider_call: call }, 'provider call');
    else logger.warn({ provider_call: call, err: error }, 'provider call failed');
  };
