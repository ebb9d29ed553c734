import { resolveLanguage, type Language } from '../i18n/languages';

/** View options the SDK (or a merchant link) adds to the checkout URL. */
export interface CheckoutOptions {
  ui: 'fullscreen' | 'inline' | 'modal';
  language: Language;
  hideLanguage: boolean;
  hideTestMessage: boolean;
  hideItems: boolean;
  clientSideValidation: boolean;
  /** `show_payment_type`: only these types are offered (empty: every type the session enables). */
  showPaymentTypes: string[];
  /**
   * Back from a payment page (3-D Secure, wallet): the attempt, and why it failed if it did; `payment=confirming`
   * (CONFIRMING_PAYMENT) is this page after a payment whose outcome was not known yet, and names no attempt.
   * Only `payment_error` when the page itself reloaded to say a payment ended unpaid (confirming-payment.tsx).
   */
  returnedPayment?: { transactionId?: string; confirming?: true; error?: string };
  /** The page request's `Viewer-Country` (set by the page, not the query): the browser's reads send it on. */
  viewerCountry?: string;
}

type Query = Record<string, string | string[] | undefined>;

export const firstParam = (query: Query, key: string): string | undefined => {
  const v = query[key];
  return Array.isArray(v) ? v[0] : v;
};

const flag = (query: Query, key: string): boolean => firstParam(query, key) === 'true';

/** Every value of a parameter that may repeat or hold a comma-separated list. */
const listParam = (query: Query, key: string): string[] => {
  const v = query[key];
  const values = Array.isArray(v) ? v : v ? [v] : [];
  return values
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
};

/** `payment` on the URL the server answers paying with while it asks the provider what became of the payment. */
export const CONFIRMING_PAYMENT = 'confirming';

/** Reads the view options from the page query; unknown values fall back to defaults. */
export const parseCheckoutOptions = (query: Query): CheckoutOptions => {
  const ui = firstParam(query, 'ui');
  const payment = firstParam(query, 'payment');
  const paymentError = firstParam(query, 'payment_error');
  const confirming = payment === CONFIRMING_PAYMENT;
  const returnedPayment = {
    ...(payment && !confirming ? { transactionId: payment } : {}),
    ...(confirming ? { confirming: true as const } : {}),
    ...(paymentError ? { error: paymentError } : {}),
  };
  return {
    ui: ui === 'inline' || ui === 'modal' ? ui : 'fullscreen',
    language: resolveLanguage(firstParam(query, 'language')),
    hideLanguage: flag(query, 'hide_language'),
    hideTestMessage: flag(query, 'hide_test_message'),
    hideItems: flag(query, 'hide_items'),
    clientSideValidation: flag(query, 'client_side_validation'),
    showPaymentTypes: listParam(query, 'show_payment_type'),
    ...(payment || paymentError ? { returnedPayment } : {}),
  };
};
