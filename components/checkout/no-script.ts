/**
 * Every form of the page, before its script runs (or with JavaScript off): a POST to a page that
 * says JavaScript is needed, so a typed card number can never end up in a URL (a form's default is
 * a GET of the page itself with every field in the query). The body is never read.
 */
export const NO_SCRIPT_FORM = { method: 'post', action: '/checkout/javascript-required' } as const;
