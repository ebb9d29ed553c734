import { AppError } from '../errors/app-error';

/**
 * The two ways a provider call can end without an answer (the port's rule, ADR 041). Both are
 * PROVIDER_UNAVAILABLE (503) to a caller that only needs to know the call failed (a payment attempt);
 * a money operation tells them apart:
 *  - not reached: nothing was sent (connection refused, no route, a URL the policy refuses, the
 *    provider switched off): nothing happened there, the reservation is given back, a retry is safe;
 *  - outcome unknown: the request was sent and no usable answer came (a timeout, a connection cut, an
 *    error status, an answer Kassa cannot read): the provider may have moved the money, so the
 *    operation stays reserved and unresolved until the provider's status says what became of it.
 */
export const providerNotReached = (detail?: string, message?: string): AppError =>
  new AppError(
    'PROVIDER_UNAVAILABLE',
    message ?? 'The payment provider could not be reached; nothing was sent and nothing changed, try again',
    detail === undefined ? {} : { cause: new Error(detail) },
  );

/** The request reached the provider (or may have) and no usable answer came: what it did is not known. */
export class ProviderOutcomeUnknown extends AppError {
  constructor(detail: string) {
    super(
      'PROVIDER_UNAVAILABLE',
      'The payment provider did not answer in time; it may have received the request, so what it did is not known',
      { cause: new Error(detail) },
    );
    this.name = 'ProviderOutcomeUnknown';
  }
}

export const isOutcomeUnknown = (e: unknown): e is ProviderOutcomeUnknown => e instanceof ProviderOutcomeUnknown;

/**
 * A provider's refusal that says nothing happened there (not reached, a request it refused before acting): the
 * attempt can fail. Anything else (no usable answer, an exception of the provider's code) may have moved money.
 */
export const saysNothingHappened = (e: unknown): e is AppError =>
  e instanceof AppError && !(e instanceof ProviderOutcomeUnknown);
