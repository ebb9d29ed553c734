/** The console's sections (each its own page under /console); the API reference is /docs. */
export const CONSOLE_SECTIONS = [
  { href: '/console/payments', label: 'Payments', about: 'Sessions and transactions: capture, refund, void.' },
  { href: '/console/callbacks', label: 'Callbacks', about: 'What Kassa sent your endpoints, and retries.' },
  { href: '/console/developers', label: 'Developers', about: 'API clients, grants, keys and the signing secret.' },
  { href: '/console/sandbox', label: 'Sandbox', about: 'Test cards and the sandbox gateway switches.' },
  { href: '/console/users', label: 'Users', about: 'Who may sign in to this console, and with which role.' },
] as const;
