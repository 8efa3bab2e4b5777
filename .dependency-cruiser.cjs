/**
 * The import rules of the code base, checked by `npm test` (`npm run deps`):
 *
 *   events/     the domain: imports nothing of the app's outer layers, no AWS SDK, no React
 *   contract/   the API's routes, input schemas and answer types: imports only events/ (and itself, and packages)
 *   functions/  the Lambdas: never import infra/, web/, scripts/, tests/ or bench/
 *   web/        the browser app: imports only web/, contract/ and events/
 *   infra/      the CDK app and the local cloud: never import web/
 *   zod         only as zod/mini (the classic API is five times the size)
 *
 * and no module imports itself round a cycle. Type-only imports count like any other.
 *
 * Floors: inside functions/ and web/, each folder is a floor and a module imports only from its
 * own floor or a lower one (`floors` below, top first), so no two folders import each other.
 * TypeScript is parsed with swc (dependency-cruiser 16 cannot load TypeScript 7's compiler).
 */
/**
 * The folders of functions/ and web/, top floor first. A folder imports only folders after it.
 * functions/: the Lambda entry points; the operator tools and erasure, which reach across
 * features; the features (each a folder of its own: the punch list and change orders above the
 * photos and the checklist's projects they use); the command runner and the projections it
 * writes with; the HTTP plumbing; per-tenant rate limits and usage (which httpHandler calls); personal-data sealing, sessions and accounts' records; the
 * store; the SDK clients; then the files at the root of functions/ (config, logger, metrics,
 * limits, tables, the route manifest), which import no folder.
 * web/: the entry (web/*.ts[x] itself), the routes, the screens (the checklist above the punch
 * list, change orders and photos it shows, all above the project's live updates), sign-in and the session, field
 * mode's device side (offline/: the kept reads, pins, the outbox) and the service worker's
 * registration (pwa/), shared pieces, the API client.
 */
const floors = {
  functions: ['handlers', 'operator', 'processors', 'operations', 'people', 'team', 'pdf', 'digest', 'sharing', 'archive', 'audit', 'punch', 'change-orders', 'objects', 'projects', 'accounts', 'chat', 'live', 'commands', 'projections', 'http', 'usage', 'personal-data', 'auth', 'tenants', 'store', 'adapters'],
  web: ['routes', 'homes', 'team', 'audit', 'checklist', 'punch', 'change-orders', 'photos', 'live', 'history', 'chat', 'projects', 'digest', 'auth', 'offline', 'pwa', 'components', 'api', 'build'],
};

const floorRules = Object.entries(floors).flatMap(([root, folders]) => [
  ...folders.slice(1).map((folder, i) => ({
    name: `floors/${root}/${folder}`,
    comment: `${root}/${folder}/ sits below ${folders.slice(0, i + 1).join(', ')}: it imports none of them (the floors of .dependency-cruiser.cjs).`,
    severity: 'error',
    from: { path: `^${root}/${folder}/` },
    to: { path: `^${root}/(${folders.slice(0, i + 1).join('|')})/` },
  })),
  // functions/'s root files are its lowest floor; web/'s (main.tsx and the route tree) its top one.
  root === 'functions'
    ? { name: 'floors/functions/root', comment: 'The files at the root of functions/ import no folder of it.', severity: 'error', from: { path: '^functions/[^/]+$' }, to: { path: '^functions/[^/]+/' } }
    : { name: 'floors/web/root', comment: 'Nothing in a folder of web/ imports the entry files at its root.', severity: 'error', from: { path: '^web/[^/]+/' }, to: { path: '^web/[^/]+$' } },
]);

module.exports = {
  forbidden: [
    ...floorRules,
    {
      name: 'no-circular',
      comment: 'A cycle makes modules impossible to understand, test or load one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'events-is-the-domain',
      comment: 'events/ is the domain: no app layer, no AWS SDK, no React.',
      severity: 'error',
      from: { path: '^events/' },
      to: { path: ['^(functions|infra|web|contract|scripts|bench)/', '^node_modules/(@aws-sdk/|react/|react-dom/)'] },
    },
    {
      name: 'contract-imports-only-events',
      comment: 'contract/ holds the API routes, input schemas and answer types that web/ and functions/ share: built only on events/ (and packages).',
      severity: 'error',
      from: { path: '^contract/' },
      to: { dependencyTypesNot: ['npm', 'npm-dev', 'core'], pathNot: '^(contract|events)/' },
    },
    {
      name: 'functions-stay-inside',
      comment: 'functions/ is what the Lambdas bundle: no CDK, local cloud, browser app, tools, tests or benches (its unit tests, never bundled, may use the test support).',
      severity: 'error',
      from: { path: '^functions/', pathNot: '\\.unit\\.spec\\.ts$' },
      to: { path: '^(infra|web|scripts|tests|bench)/' },
    },
    {
      name: 'web-imports-only-shared-code',
      comment: 'web/ may use web/, contract/ and events/ (the API routes are contract/routes.ts).',
      severity: 'error',
      from: { path: '^web/' },
      to: { dependencyTypesNot: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'core'], pathNot: '^(web|contract|events)/' },
    },
    {
      name: 'zod-mini-only',
      comment: "zod's classic API is ~90 KB minified in every bundle that touches a schema; zod/mini is ~18 KB.",
      severity: 'error',
      from: {},
      to: { path: '^node_modules/zod/(index|v4/index|v4/classic/|v3/)' },
    },
    {
      name: 'infra-never-imports-web',
      comment: 'infra/ deploys and serves the built web app; it never imports its source.',
      severity: 'error',
      from: { path: '^infra/' },
      to: { path: '^web/' },
    },
    // Each SDK client has its own module in functions/adapters/, so that a Lambda bundles (and
    // loads) only the clients its route uses; one module holding two would put both in every
    // bundle that needs either.
    ...Object.entries({
      dynamo: 'client-dynamodb|lib-dynamodb',
      s3: 'client-s3',
      ses: 'client-sesv2',
      'websocket-management': 'client-apigatewaymanagementapi',
      kms: 'client-kms',
    }).map(([module, clients]) => ({
      name: `one-sdk-client-in-adapters/${module}`,
      comment: `functions/adapters/${module}.ts creates one SDK client: it imports no other.`,
      severity: 'error',
      from: { path: `^functions/adapters/${module}\\.ts$` },
      to: { path: '^node_modules/@aws-sdk/', pathNot: `^node_modules/@aws-sdk/(${clients})/` },
    })),
    {
      name: 'audit-verify-is-dependency-light',
      comment: 'An auditor runs scripts/audit-verify.ts from a fresh clone: node built-ins, jose, the hash chain and its checks only; no AWS, no app code.',
      severity: 'error',
      from: { path: '^scripts/audit-verify\\.ts$' },
      to: { dependencyTypesNot: ['core', 'type-only'], pathNot: '^(events/(hash-chain|envelope|audit-verification)\\.ts|node_modules/(jose|canonicalize)/)' },
    },
  ],
  options: {
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|test-results)/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
