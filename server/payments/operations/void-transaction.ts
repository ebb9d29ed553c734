import type { AppContext, RequestMeta } from '../../app-context';
import type { Actor } from '../../auth/scopes';
import { AppError } from '../../errors/app-error';
import { runMoneyOperation, type MoneyOperationResult } from './run-money-operation';
import type { VoidInput } from '../transactions/transaction-schemas';
import { ZERO_MINOR } from '../../../domain/money';

export const voidTransaction = (
  ctx: AppContext,
  actor: Actor,
  transactionId: string,
  input: VoidInput,
  meta: RequestMeta,
): Promise<MoneyOperationResult> => {
  if (input.id !== undefined && input.id !== transactionId) {
    throw new AppError('INVALID_REQUEST', 'Body id does not match the transaction in the path', {
      errors: [{ path: 'id', message: 'must equal the path id' }],
    });
  }
  return runMoneyOperation(ctx, actor, { transactionId, operation: 'VOID', amount: ZERO_MINOR }, meta);
};
