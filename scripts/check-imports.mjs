/**
 * `npm run imports:check`: checks the import rules of `.dependency-cruiser.cjs` over the code
 * base with dependency-cruiser, printing one line when they hold (each broken rule otherwise, and
 * a non-zero exit code).
 *
 * dependency-cruiser reads TypeScript with the TypeScript compiler API, which TypeScript 7 (the
 * project's compiler) no longer ships. So, for dependency-cruiser only, `typescript` resolves to
 * the TypeScript 5 compiler that `@ts-morph/common` bundles (a dependency with no `tsc` of its own
 * to clash with the project's). Type-only imports count, as the rules intend.
 */
import { existsSync } from 'node:fs';
import Module, { createRequire, register } from 'node:module';
import { sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const typescript5 = require.resolve('@ts-morph/common/dist/typescript.js');
const fromCruiser = (file) => Boolean(file?.includes(`${sep}node_modules${sep}dependency-cruiser${sep}`));

// require('typescript') and require('typescript/package.json') (its version check) …
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if ((request === 'typescript' || request === 'typescript/package.json') && fromCruiser(parent?.filename)) return typescript5;
  return resolveFilename.call(this, request, parent, ...rest);
};

// … and import('typescript').
const hook = `
  export async function resolve(specifier, context, next) {
    if (specifier === 'typescript' && context.parentURL?.includes('/node_modules/dependency-cruiser/')) {
      return { url: ${JSON.stringify(pathToFileURL(typescript5).href)}, format: 'commonjs', shortCircuit: true };
    }
    return next(specifier, context);
  }`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);

const cruiserBin = new URL('../node_modules/dependency-cruiser/bin/dependency-cruise.mjs', import.meta.url);
if (createRequire(cruiserBin).resolve('typescript') !== typescript5) throw new Error('dependency-cruiser would not read TypeScript: its typescript is not redirected');

const folders = ['events', 'contract', 'functions', 'web', 'infra', 'scripts', 'tests', 'bench'].filter((folder) => existsSync(folder));
process.argv = [process.argv[0], 'depcruise', '--config', '.dependency-cruiser.cjs', '--output-type', 'err', ...folders, ...process.argv.slice(2)];
// The command line itself (dependency-cruiser's package exports do not include it).
await import(cruiserBin.href);
