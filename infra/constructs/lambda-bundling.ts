/**
 * How every Lambda is bundled (esbuild options): the stack's functions (handler-function.ts) and
 * `npm run bench:bundles` both read them here, so the bench measures what deploys.
 */
export const lambdaBundling = {
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // ESM builds first: they tree-shake (zod, the AWS SDK) where CommonJS builds cannot.
  mainFields: ['module', 'main'],
  minify: true,
  // Shipped beside the bundle and read only when a stack trace is printed (functions/source-positions.ts),
  // not with `--enable-source-maps`, which parses it at every cold start.
  sourcemap: true,
  // File and line numbers without embedding every source: a ~0.2 MB map, not ~2 MB.
  sourcesContent: false,
  // Libraries' production builds (React, in the PDF export: the development build of react-dom is
  // dropped, ~370 KB); Lambda sets no NODE_ENV, so without this they would run their development builds.
  define: { 'process.env.NODE_ENV': '"production"' },
  // Lets bundled CommonJS dependencies call `require` inside the ESM bundle.
  banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
} as const;
