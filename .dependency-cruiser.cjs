/**
 * The boundaries of the code (`npm run lint:deps`, part of `npm test`); ADR 008.
 *   domain/      pure rules and shared types: imports nothing outside domain/, no node: built-ins, no packages
 *   components/  the page: domain/, components/ and browser packages only; never server/, never node built-ins
 *   app/         pages and layouts: never server/ (only the route handlers, app/**\/route.ts, reach the server)
 *   server/      never components/ or app/
 * Tests, e2e, bench and bin may import anything.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'domain/ is shared by the page and the server: no I/O, no framework, no database, nothing outside domain/.',
      from: { path: '^domain/' },
      to: { pathNot: '^domain/' },
    },
    {
      name: 'components-only-domain',
      severity: 'error',
      comment: 'The page may import domain/ and components/, never server/ (it would ship server code, or fail, in the browser).',
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
      comment: 'Pages and layouts reach the server only through its page facade (server/pages/, ADR 017); route handlers (app/**/route.ts) through the route table.',
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
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
