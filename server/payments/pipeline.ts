import { withHeldWork, type HeldWork } from '../idempotency/work-in-flight';

/**
 * THE pipeline every movement of money runs (ADR 032): paying (the shopper's pay, a merchant-initiated
 * pay, the shopper's return from a provider's page), capture, refund, void, session cancel's void, an
 * authorization update, a late authorization's void and the worker's completion of pending operations.
 *
 *  1. `reserve`: one unit of work (unit-of-work.ts) validates, loads and locks, decides with the pure
 *     domain rules and records what the provider is about to be asked (an INITIATED attempt, a
 *     reserved amount) with the idempotency record; or it answers at once (a replay, nothing to ask);
 *  2. `call`: the provider, with no database transaction open (a unit of work is given no provider);
 *  3. `failed`: what a provider that threw becomes: an outcome to settle (an attempt records FAILED),
 *     or a throw after the reservation is given back;
 *  4. `settle`: one unit of work records what the provider answered (or releases, or marks for later),
 *     with the events and the outbox row of the callback.
 *
 * Each use case is the four steps written as one object; `runPipeline` is the only place their order
 * is decided. The four steps run as one request's held work (work-in-flight.ts): the attempt or
 * operation `reserve` writes is held (through the `held` it is given) in this process until `settle` has
 * ended, so no recovery step takes it over while a provider may still be answering it (ADR 047).
 */
export interface Pipeline<Reserved, Outcome, Result> {
  /** `held`: the request's hold, for the attempt or operation it writes (work-in-flight.ts). */
  reserve(held: HeldWork): Promise<{ reserved: Reserved } | { answer: Result }>;
  call(reserved: Reserved): Promise<Outcome>;
  failed(reserved: Reserved, error: unknown): Promise<Outcome>;
  settle(reserved: Reserved, outcome: Outcome): Promise<Result>;
}

/** Gives up: rethrows what the provider threw (for `failed` when nothing was reserved or it was already given back). */
export const rethrow = (_reserved: unknown, error: unknown): never => {
  throw error;
};

export const runPipeline = <Reserved, Outcome, Result>(
  pipeline: Pipeline<Reserved, Outcome, Result>,
): Promise<Result> =>
  withHeldWork(async (held) => {
    const first = await pipeline.reserve(held);
    if ('answer' in first) return first.answer;
    let outcome: Outcome;
    try {
      outcome = await pipeline.call(first.reserved);
    } catch (error) {
      outcome = await pipeline.failed(first.reserved, error);
    }
    return pipeline.settle(first.reserved, outcome);
  });
