import type { PaymentMethod } from '../../domain/view-types';
import type { MessageKey } from '../i18n/translate';

/** The names Kassa's own products are given, shown in the page's language (any other name as the server sent it). */
const NAMES = new Map<string, MessageKey>([
  ['Card', 'methods.creditcard'],
  ['Invoice', 'methods.invoice'],
  ['Part payment', 'methods.installment'],
  ['Sandbox Wallet', 'methods.wallet'],
]);

/** A payment method's name in the page's language. */
export const methodName = (t: (key: MessageKey) => string, method: Pick<PaymentMethod, 'name'>): string => {
  const key = NAMES.get(method.name);
  return key ? t(key) : method.name;
};
