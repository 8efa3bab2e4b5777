/**
 * The import rules of the code base, checked by `npm test` (`npm run deps`):
 *
 *   events/     the domain: imports nothing of the app's outer layers, no AWS SDK, no React
 *   contract/   the API's answer types: imports only events/ (and itself)
 *   functions/  the Lambdas: never import infra/, web/, scripts/, tests/ or bench/
 *   web/        the browser app: imports only web/, contract/, events/ and the route manifest
 *   infra/      the CDK app and the local cloud: never import web/
 *   zod         only as zod/mini (the classic API is five times the size)
 *
 * and no module imports itself round a cycle. Type-only imports count like any other.
 * TypeScript is parsed with swc (dependency-cruiser 16 cannot load TypeScript 7's compiler).
 */
module.exports = {
  forbidden: [
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
      comment: 'contract/ holds the API answer types that web/ and functions/ share: built only on events/.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { pathNot: '^(contract|events)/' },
    },
    {
      name: 'functions-stay-inside',
      comment: 'functions/ is what the Lambdas bundle: no CDK, local cloud, browser app, tools, tests or benches.',
      severity: 'error',
      from: { path: '^functions/' },
      to: { path: '^(infra|web|scripts|tests|bench)/' },
    },
    {
      name: 'web-imports-only-shared-code',
      comment: 'web/ may use web/, contract/, events/ and exactly the route manifest of functions/.',
      severity: 'error',
      from: { path: '^web/' },
      to: { dependencyTypesNot: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'core'], pathNot: '^(web|contract|events)/|^functions/routes\\.ts$' },
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
