import type { Executor } from '../db/database';
import { AppError } from '../errors/app-error';
import { metadataProblems } from '../shared/schemas';
import { duplicateCustomer, lowerEmail, type CustomerState } from './customer-repository';

/**
 * The rules a customer's type sets (on create, and on update for the state after the change):
 * `company` is required for type company and accepted only for company and other; `contact_for`
 * only for type contact.
 */
export const assertTypeRules = ({ type, data }: CustomerState): void => {
  const errors: { path: string; message: string }[] = [];
  if (type === 'company' && !data.company) errors.push({ path: 'company', message: 'is required for type company' });
  if (data.company && type !== 'company' && type !== 'other')
    errors.push({ path: 'company', message: `is only for types company and other, not ${type}` });
  if (data.contact_for && type !== 'contact')
    errors.push({ path: 'contact_for', message: `is only for type contact, not ${type}` });
  if (errors.length)
    throw new AppError(
      'INVALID_REQUEST',
      `The customer does not fit its type ${type}: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`,
      { errors },
    );
};

/** The merged metadata of an update stays within the caps every metadata has (a patch alone could grow it for ever). */
export const assertMetadataWithinCaps = (metadata: Record<string, unknown> | undefined): void => {
  const problems = metadata ? metadataProblems(metadata) : [];
  if (problems.length)
    throw new AppError('INVALID_REQUEST', `metadata, merged with what is stored, ${problems[0]!.message}`, {
      errors: problems.map(({ path, message }) => ({ path: ['metadata', ...path].join('.'), message })),
    });
};

/** An email is unique, case-insensitively, among the account's customers of one type (`exceptId`: the customer being updated). */
export const assertEmailFree = async (
  trx: Executor,
  accountId: string,
  { type, data }: CustomerState,
  exceptId?: string,
): Promise<void> => {
  if (!data.email) return;
  let q = trx
    .selectFrom('customers')
    .select('id')
    .where('account_id', '=', accountId)
    .where('type', '=', type)
    .where('email_lower', '=', lowerEmail(data.email));
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst())
    throw duplicateCustomer(
      `A customer of type ${type} with the email ${data.email} already exists (emails are compared ignoring case)`,
      'email',
    );
};

/** customer_id is unique in the account; a deleted customer keeps its customer_id. */
export const assertCustomerIdFree = async (trx: Executor, accountId: string, customerId: string): Promise<void> => {
  const taken = await trx
    .selectFrom('customers')
    .select(['deleted_at'])
    .where('account_id', '=', accountId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (taken)
    throw duplicateCustomer(
      `A customer with customer_id ${customerId} already exists${taken.deleted_at ? ' (deleted; its customer_id stays taken)' : ''}`,
      'customer_id',
    );
};
