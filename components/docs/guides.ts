/** The pages of the API docs (/docs), in the order of the side navigation. */
export const DOCS_PAGES = [
  { href: '/docs', title: 'Overview' },
  { href: '/docs/quick-start', title: 'Quick start' },
  { href: '/docs/embedding', title: 'Embed the checkout' },
  { href: '/docs/express-callbacks', title: 'Express callbacks' },
  { href: '/docs/verify-signature', title: 'Verify callback signatures' },
  { href: '/docs/test-cards', title: 'Test cards and sandbox' },
  { href: '/docs/reference', title: 'API reference' },
] as const;

/** The OpenAPI document the reference renders (server/http/openapi.ts). */
export const OPENAPI_URL = '/v1/openapi.json';
