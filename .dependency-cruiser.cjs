/**
 * The boundaries of the code (`npm run lint:deps`, part of `npm test`); ADR 008.
 *   domain/      pure rules and shared types: imports nothing outside domain/, no node: built-ins, no packages
 *   components/  the page: domain/, components/ and browser packages only; never server/, never node built-ins
 *   app/         pages and layouts: never server/ (only the route handlers, app/**\/route.ts, reach the server)
 *   server/      never components/ or app/
 *   server/payments/  other code imports it only through its entry, server/payments/index.ts; it never imports
 *                     server/sessions/ (sessions implement the port it declares, ctx.payableSessions) nor server/http/ (ADR 032)
 *   server/http/ only the HTTP edge and the wiring import it (the exceptions are listed in `server-http-only-at-the-edge`)
 * Tests, e2e, bench and bin may import anything. Who writes the transaction tables (SQL, which this tool
 * cannot see) is checked by test/unit/transaction-table-writers.test.ts.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment:
        'domain/ is shared by the page and the server: no I/O, no framework, no database, nothing outside domain/.',
      from: { path: '^domain/' },
      to: { pathNot: '^domain/' },
    },
    {
      name: 'components-only-domain',
      severity: 'error',
      comment:
        'The page may import domain/ and components/, never server/ (it would ship server code, or fail, in the browser).',
      from: { path: '^components/' },
      to: { path: '^(server|app|bin|bench|test|e2e|scripts)/' },
    },
    {
      name: 'components-no-node-builtins',
      severity: 'error',
      comment: 'The page runs in the browser: no node: built-ins.',
      from: { path: '^(components|domain)/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'pages-not-server',
      severity: 'error',
      comment:
        'Pages and layouts reach the server only through its page facade (server/pages/, ADR 017); route handlers (app/**/route.ts) through the route table.',
      from: { path: '^app/', pathNot: '/route\\.ts$' },
      to: { path: '^server/', pathNot: '^server/pages/' },
    },
    {
      name: 'server-not-ui',
      severity: 'error',
      comment: 'The server never imports the page.',
      from: { path: '^server/' },
      to: { path: '^(components|app)/' },
    },
    {
      name: 'payments-only-through-its-entry',
      severity: 'error',
      comment:
        'Other areas import the payments module only through its entry, server/payments/index.ts (ADR 032); tests, e2e, bench and soak may reach inside.',
      from: { pathNot: '^(server/payments/|test/|e2e/|bench/|soak/)' },
      to: { path: '^server/payments/', pathNot: '^server/payments/index\\.ts$' },
    },
    {
      name: 'payments-not-sessions-or-http',
      severity: 'error',
      comment:
        'Payments never imports sessions (they hand it a snapshot through the port it declares, ctx.payableSessions) nor the HTTP layer (ADR 032).',
      from: { path: '^server/payments/' },
      to: { path: '^server/(sessions|http)/' },
    },
    {
      name: 'server-http-only-at-the-edge',
      severity: 'error',
      comment:
        'No feature area imports server/http/ (the route table, dispatcher, adapters, error map). Exceptions: server/http itself; ' +
        'server/create-kassa.ts, the wiring (builds the dispatcher from the route table); server/pages/, the page facade for Next (ADR 017), ' +
        "and server/demo/demo-http.ts, the demo store's route-handler adapter: both reach this process's Kassa (kassa-singleton), its public " +
        "origin and the security headers; server/demo/demo-merchant-cookie.ts seals the demo merchant's login cookie with the checkout cookie's " +
        'seal (server/http/checkout-seal.ts, ADR 027); server/console/console-cookie.ts seals the console session cookie with it too (ADR 033).',
      from: {
        path: '^server/',
        pathNot:
          '^server/(http/|create-kassa\\.ts$|pages/|demo/demo-http\\.ts$|demo/demo-merchant-cookie\\.ts$|console/console-cookie\\.ts$)',
      },
      to: { path: '^server/http/' },
    },
    {
      name: 'no-circular-domain',
      severity: 'error',
      from: { path: '^domain/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every import resolves (a typo, or a package that is not installed).',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.next|dist|data|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
