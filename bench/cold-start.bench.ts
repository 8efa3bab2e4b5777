/**
 * `npm run bench:cold-start` (issue 32): a simulated cold start per route group. For each route, a
 * fresh `node` loads its function's bundle, built as the CDK stack builds it, with a Lambda's
 * environment pointed at a local cloud (DynamoDB Local and the other emulators), then makes the
 * route's first invocation with the event API Gateway would send, signed in as a seeded person.
 * Printed: the import, the first invocation and both together (the cold start's share that is
 * ours; Node's own start is the same for every function), median of BENCH_RUNS processes each,
 * and the process's CPU time for both (steadier than wall time on a shared machine), against the
 * floor: a bundle of just the DynamoDB client whose handler makes one GetItem.
 *
 * `-- --before DIR` bundles the same handlers from another tree (a git worktree of an older
 * commit) and runs both in the same rounds, so load from elsewhere hits both alike.
 *
 * Not simulated: Lambda's own init (the runtime, fetching the code), and in AWS the session key's
 * read from Secrets Manager and KMS's unwrapping of data keys on a first invocation (the local
 * cloud keeps those keys in the environment). Prints; asserts nothing.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
// This process's own metrics (the gateway's in-process handlers, while seeding) would flood the output; the measured processes keep theirs.
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
import { startLocalCloud } from '../infra/local/cloud';
import { buildHttpEvent, matchRoute } from '../infra/local/gateway/http-api';
import { routeGroupOf } from '../functions/metrics';
import { handlerName } from '../functions/routes';
import { bundleLambda, bundlesFolder, runtimeEnvOf } from './lambda-bundles';
import { median } from './median';
import { registered, signedInApi } from './signed-in-api';

const { values: options } = parseArgs({ options: { before: { type: 'string' } } });
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const beforeTree = options.before ? resolve(options.before) : undefined;

/** Loads the bundle, then invokes it once; prints the times on a line of its own (the function's logs share stdout). */
const coldStartScript = `const started = performance.now(); const cpu = process.cpuUsage();
const { handler } = await import(process.argv[1]);
const imported = performance.now();
const context = { callbackWaitsForEmptyEventLoop: false, functionName: 'bench', functionVersion: '$LATEST', invokedFunctionArn: 'arn:aws:lambda:eu-west-1:000000000000:function:bench', memoryLimitInMB: '1024', awsRequestId: crypto.randomUUID(), logGroupName: '/aws/lambda/bench', logStreamName: 'bench', getRemainingTimeInMillis: () => 29000, done() {}, fail() {}, succeed() {} };
const result = await handler(JSON.parse(process.argv[2]), context);
const invoked = performance.now(); const used = process.cpuUsage(cpu);
process.stdout.write('\\n@cold ' + JSON.stringify({ importMs: imported - started, invokeMs: invoked - imported, cpuMs: (used.user + used.system) / 1000, status: result?.statusCode, refusal: result?.statusCode >= 400 ? String(result.body).slice(0, 200) : undefined }) + '\\n');
process.exit(0);`;

interface Case {
  readonly method: string;
  readonly path: string;
  readonly body?: () => unknown;
  readonly as: 'contractor' | 'client' | 'nobody';
}

const cloud = await startLocalCloud({ port: 0, notifier: false });
const out = bundlesFolder();
try {
  const contractor = await registered(cloud, 'contractor');
  const client = await registered(cloud, 'client');
  const json = async (response: Promise<Response>) => (await response).json();
  // Signs in with a password: proving the e-mail clears a password never proved (functions/auth/users.ts), so this one stays unproved.
  const signingIn = { email: `bench.sign-in.${Date.now()}@example.com`, password: 'bench-password' };
  await signedInApi(cloud.url)('POST', '/api/auth/register', { firstName: 'Bench', lastName: 'Sign-in', role: 'contractor', confirmPassword: signingIn.password, ...signingIn });
  const project = await json(contractor.api('POST', '/api/projects', { name: 'Cold', address: '1 Bench Road', clientName: 'Client', clientEmail: client.email }));
  const rooms: { id: string }[] = await json(contractor.api('GET', `/api/projects/${project.id}/rooms`));
  const [item] = (await json(contractor.api('GET', `/api/rooms/${rooms[0]!.id}/items`))) as { id: string }[];
  let flag = false;
  let runs = 0;

  // The routes a person meets first in each group (what a phone calls on opening the app), reads and writes.
  const cases: Case[] = [
    { method: 'POST', path: '/api/auth/login', body: () => signingIn, as: 'nobody' },
    { method: 'GET', path: '/api/auth/me', as: 'contractor' },
    { method: 'GET', path: '/api/projects/with-stats', as: 'contractor' },
    { method: 'GET', path: `/api/projects/${project.id}/checklist`, as: 'client' },
    { method: 'GET', path: `/api/projects/${project.id}/rooms`, as: 'contractor' },
    { method: 'POST', path: '/api/projects', body: () => ({ name: `Cold ${++runs}`, address: '2 Bench Road', clientName: 'Client' }), as: 'contractor' },
    { method: 'GET', path: `/api/rooms/${rooms[0]!.id}/items`, as: 'contractor' },
    { method: 'PATCH', path: `/api/checklist-items/${item!.id}`, body: () => ({ purchasesMade: (flag = !flag) }), as: 'contractor' },
    { method: 'GET', path: `/api/checklist-items/${item!.id}/history`, as: 'client' },
    { method: 'POST', path: '/api/chat', body: () => ({ projectId: project.id, message: 'Cold start', messageType: 'chat' }), as: 'client' },
    { method: 'GET', path: `/api/chat/${project.id}/history`, as: 'client' },
    { method: 'GET', path: '/api/user-session', as: 'client' },
    { method: 'GET', path: '/api/team', as: 'contractor' },
    { method: 'GET', path: '/api/audit/keys', as: 'nobody' },
  ];
  const cookieOf = { contractor: contractor.api.cookie, client: client.api.cookie, nobody: undefined };

  // What the function's process gets: the local cloud's settings and endpoints, and the runtime's variables.
  // Metrics on, as in AWS (the local cloud turns them off to keep its console quiet).
  const { POWERTOOLS_METRICS_DISABLED: _, ...cloudEnv } = cloud.env;
  const env = { PATH: process.env.PATH, ...(await runtimeEnvOf(undefined)), ...cloudEnv };
  /** A `--before` tree's bundles run with the runtime settings that tree deploys. */
  const beforeEnv = { PATH: process.env.PATH, ...(await runtimeEnvOf(beforeTree)), ...cloudEnv };

  interface Variant {
    readonly label: string;
    readonly file: string;
    readonly bytes: number;
    readonly importMs: number[];
    readonly invokeMs: number[];
    /** CPU time of both: what neighbours on a shared machine do not inflate. */
    readonly cpuMs: number[];
    readonly statuses: Set<number | undefined>;
  }
  const variant = async (label: string, entry: string | { floor: true }, name: string): Promise<Variant> => {
    const file = join(out, `${label}-${name}.mjs`);
    const { bytes } = await bundleLambda(entry, file);
    return { label, file, bytes, importMs: [], invokeMs: [], cpuMs: [], statuses: new Set() };
  };
  const floor = await variant('after', { floor: true }, 'floor');
  const rows = await Promise.all(
    cases.map(async (testCase) => {
      const matched = matchRoute(testCase.method, testCase.path);
      if (!matched) throw new Error(`no route for ${testCase.method} ${testCase.path}`);
      const name = handlerName(matched.route.handler);
      const after = await variant('after', fileURLToPath(matched.route.handler), name);
      const before = beforeTree ? await variant('before', join(beforeTree, 'functions/handlers', `${name}.ts`), name) : undefined;
      return { testCase, matched, name, after, before };
    }),
  );

  const coldStart = (file: string, event: unknown, runtimeEnv: Record<string, string | undefined>) =>
    new Promise<{ importMs: number; invokeMs: number; cpuMs: number; status?: number; refusal?: string }>((done, fail) => {
      execFile(process.execPath, ['--input-type=module', '-e', coldStartScript, pathToFileURL(file).href, JSON.stringify(event)], { env: runtimeEnv, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
        const line = stdout.split('\n').find((candidate) => candidate.startsWith('@cold '));
        if (error || !line) return fail(new Error(`${file}: ${error?.message ?? 'no times'}\n${stderr}`));
        done(JSON.parse(line.slice('@cold '.length)));
      });
    });
  const eventOf = ({ testCase, matched }: (typeof rows)[number]) =>
    buildHttpEvent(
      {
        method: testCase.method,
        url: testCase.path,
        headers: { host: new URL(cloud.url).host, 'accept-encoding': 'gzip, deflate, br', ...(testCase.body ? { 'content-type': 'application/json' } : {}), ...(cookieOf[testCase.as] ? { cookie: cookieOf[testCase.as] } : {}) },
        body: testCase.body ? Buffer.from(JSON.stringify(testCase.body())) : undefined,
      },
      matched.route,
      matched.params,
    );
  const record = (into: Variant, times: { importMs: number; invokeMs: number; cpuMs: number; status?: number; refusal?: string }) => {
    // A refused first call is not the route's cold start: say so rather than time it.
    if (times.refusal !== undefined) console.warn(`${into.file}: ${times.status} ${times.refusal}`);
    into.importMs.push(times.importMs);
    into.invokeMs.push(times.invokeMs);
    into.cpuMs.push(times.cpuMs);
    into.statuses.add(times.status);
  };

  // Round after round over every function (and its before), so that load from elsewhere hits all alike.
  for (let run = 0; run < RUNS; run++) {
    record(floor, await coldStart(floor.file, {}, env));
    for (const row of rows) {
      for (const which of row.before ? [row.after, row.before] : [row.after]) record(which, await coldStart(which.file, eventOf(row), which === row.before ? beforeEnv : env));
    }
  }

  const total = (v: Variant) => median(v.importMs.map((importMs, i) => importMs + v.invokeMs[i]!));
  const floorTotal = total(floor);
  const cells = (v: Variant) => [
    (v.bytes / 1024).toFixed(0),
    median(v.importMs).toFixed(0),
    median(v.invokeMs).toFixed(0),
    total(v).toFixed(0),
    `${(total(v) / floorTotal).toFixed(2)}×`,
    median(v.cpuMs).toFixed(0),
    `${(median(v.cpuMs) / median(floor.cpuMs)).toFixed(2)}×`,
    [...v.statuses].join('/'),
  ];
  const header = ['group', 'route', 'function', 'KB', 'import', 'first call', 'cold start', '× floor', 'cpu', '× floor', 'status', ...(beforeTree ? ['before: KB', 'import', 'first call', 'cold start', '× floor', 'cpu', '× floor', 'status'] : [])];
  const table = [
    ['(floor)', 'GetItem', 'DynamoDB client only', ...cells(floor), ...(beforeTree ? ['', '', '', '', '', '', '', ''] : [])],
    ...rows.map((row) => [routeGroupOf(row.matched.route.path), `${row.testCase.method} ${row.matched.route.path} (${row.testCase.as})`, row.name, ...cells(row.after), ...(row.before ? cells(row.before) : [])]),
  ];
  const widths = header.map((title, column) => Math.max(title.length, ...table.map((cellsOfRow) => cellsOfRow[column]!.length)));
  const line = (cellsOfRow: string[]) => cellsOfRow.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ').trimEnd();
  console.log(
    `Simulated cold starts (ms, median of ${RUNS} fresh node processes each: import of the bundle, then its first invocation against DynamoDB Local; wall time, and the process's CPU time for both)${beforeTree ? `, against ${beforeTree}` : ''} — ${new Date().toISOString()}, node ${process.version}, load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores:`,
  );
  console.log([line(header), ...table.map(line)].join('\n'));
} finally {
  rmSync(out, { recursive: true, force: true });
  await cloud.stop();
}
