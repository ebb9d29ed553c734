import type { Refusal } from '../../domain/problems';
import { AppError, type ErrorCode } from './app-error';

/** Throws a domain rule's refusal as the AppError of its code; the code must be one of the closed set. */
export const throwIfRefused = <C extends ErrorCode>(refusal: Refusal<C> | undefined): void => {
  if (refusal) throw new AppError(refusal.code, refusal.message, refusal.errors ? { errors: refusal.errors } : {});
};
