import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaBundling } from '../infra/constructs/lambda-bundling';
import { repoRoot } from '../infra/paths';

/**
 * A Lambda's logged error names our file and line, not the bundle's one long line, without
 * `--enable-source-maps` (which costs every cold start the map's parsing): a handler bundled as
 * the stack bundles it logs an error through our logger in a plain `node`.
 */

// Beside node_modules, so the bundle resolves its packages as the stack's does.
const cache = join(repoRoot, 'node_modules/.cache');
let dir: string;
const THROWING_LINE = 5;

beforeAll(async () => {
  mkdirSync(cache, { recursive: true });
  dir = mkdtempSync(join(cache, 'source-positions-'));
  const source = [
    `import { logger } from ${JSON.stringify(join(repoRoot, 'functions/logger.ts'))};`,
    'export function saveItem(name: string): never {',
    '  // a comment, so the line is not the first of its function',
    '  const reason = `cannot save ${name}`;',
    '  throw new Error(reason);',
    '}',
    'try {',
    "  saveItem('Tap');",
    '} catch (error) {',
    "  logger.error('unhandled error', { error: error as Error });",
    '}',
  ].join('\n');
  writeFileSync(join(dir, 'handler-with-error.ts'), source);
  await build({
    ...lambdaBundling,
    mainFields: [...lambdaBundling.mainFields],
    banner: { js: lambdaBundling.banner },
    entryPoints: [join(dir, 'handler-with-error.ts')],
    outfile: join(dir, 'out/index.mjs'),
    bundle: true,
    logLevel: 'error',
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The error the bundle logs, run as a Lambda runs it: no NODE_OPTIONS, not the local cloud. */
function loggedError(): { location: string; stack: string } {
  const env = { PATH: process.env.PATH, AWS_REGION: 'eu-west-1', POWERTOOLS_DEV: 'false' };
  const { stdout, stderr, status } = spawnSync(process.execPath, [join(dir, 'out/index.mjs')], { env, encoding: 'utf8' });
  expect(status, stderr).toBe(0);
  const line = `${stdout}\n${stderr}`.split('\n').find((text) => text.includes('unhandled error'));
  expect(line, `${stdout}${stderr}`).toBeDefined();
  return JSON.parse(line!).error;
}

describe('stack traces of a bundled function', () => {
  it("name the source file, line and function of an error, read from the bundle's map", () => {
    const { location, stack } = loggedError();
    expect(location).toMatch(new RegExp(`handler-with-error\\.ts:${THROWING_LINE}$`));
    const [header, first] = stack.split('\n');
    expect(header).toBe('Error: cannot save Tap');
    expect(first).toMatch(new RegExp(`^ {4}at saveItem \\(.*handler-with-error\\.ts:${THROWING_LINE}:\\d+\\)$`));
    expect(stack).not.toContain('index.mjs');
  });

  it('name the bundle where its map is missing, and still log the error', () => {
    rmSync(join(dir, 'out/index.mjs.map'));
    const { stack } = loggedError();
    expect(stack.split('\n')[0]).toBe('Error: cannot save Tap');
    expect(stack.split('\n')[1]).toMatch(/out\/index\.mjs:\d+:\d+\)$/);
  });
});
