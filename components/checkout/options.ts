/** View options the SDK (or a merchant link) adds to the checkout URL. */
export interface CheckoutOptions {
  ui: 'fullscreen' | 'inline' | 'modal';
  language: string;
  hideTestMessage: boolean;
  hideItems: boolean;
  clientSideValidation: boolean;
}

type Query = Record<string, string | string[] | undefined>;

export const firstParam = (query: Query, key: string): string | undefined => {
  const v = query[key];
  return Array.isArray(v) ? v[0] : v;
};

const flag = (query: Query, key: string): boolean => firstParam(query, key) === 'true';

/** Reads the view options from the page query; unknown values fall back to defaults. */
export const parseCheckoutOptions = (query: Query): CheckoutOptions => {
  const ui = firstParam(query, 'ui');
  return {
    ui: ui === 'inline' || ui === 'modal' ? ui : 'fullscreen',
    language: firstParam(query, 'language') || 'en',
    hideTestMessage: flag(query, 'hide_test_message'),
    hideItems: flag(query, 'hide_items'),
    clientSideValidation: flag(query, 'client_side_validation'),
  };
};
