import './local-environment';
import { createHash, createHmac } from 'node:crypto';
import { parseArgs } from 'node:util';
import { envNames } from '../functions/config';
import type { TenantView } from '../functions/operator/tenant-listing';
import { exitWhenFlushed } from './exit-when-flushed';

/**
 * `npm run tenant -- <command> [--json] [--url URL]`: the operator's command (issue 31), a client
 * of the operator API.
 *
 *   list                         every tenant: id, name, status, plan, usage
 *   show ID                      one tenant, with its quotas
 *   suspend ID --reason TEXT     refuse its contractors (and its projects' clients) until resumed
 *   resume ID
 *   plan ID NAME                 starter | standard | enterprise
 *   offboard ID                  export it to the bucket, remove it after OFFBOARD_GRACE_DAYS
 *   sweep                        remove the tenants whose grace period is over
 *   costs --month YYYY-MM [--bill AMOUNT]   the month's cost per tenant
 *
 * Without --url it calls the local cloud `npm start` runs (its address and operator key come from
 * the environment it writes, .local/cloud-env.json: APP_URL and LOCAL_OPERATOR_KEY). With --url
 * (a deployed stack's OperatorApiUrl) it signs each request with SigV4 using the AWS credentials
 * of the environment (profile, SSO, role…), which API Gateway's IAM authorizer checks.
 * Exit codes: 0 done, 1 refused (the API's message is printed), 2 usage.
 */

const USAGE = 'Usage: npm run tenant -- list | show ID | suspend ID --reason TEXT | resume ID | plan ID NAME | offboard ID | sweep | costs --month YYYY-MM [--bill AMOUNT]   [--json] [--url URL]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { json: { type: 'boolean' }, url: { type: 'string' }, reason: { type: 'string' }, month: { type: 'string' }, bill: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
const [command, id, arg] = positionals;

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(USAGE);
  process.exit(2);
}

/** Node's SHA-256 in the shape SignatureV4 asks for (HMAC when given a key). */
class Sha256 {
  private hash;
  constructor(secret?: string | Uint8Array) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', secret);
  }
  update(data: string | Uint8Array) {
    this.hash.update(data);
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
  reset() {}
}

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const base = values.url ?? process.env[envNames.appUrl];
  if (!base) usage('No local cloud found (start one with `npm start`), and no --url given.');
  const url = new URL(path, base.endsWith('/') ? base : `${base}/`);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { host: url.host, ...(payload ? { 'content-type': 'application/json' } : {}) };
  if (values.url) {
    // A deployed operator API: signed with the caller's IAM identity (execute-api, the stack's region).
    const [{ SignatureV4 }, { defaultProvider }] = await Promise.all([import('@smithy/signature-v4'), import('@aws-sdk/credential-provider-node')]);
    const region = /execute-api\.([a-z0-9-]+)\.amazonaws\.com/.exec(url.host)?.[1] ?? process.env.AWS_REGION ?? 'us-east-1';
    // (`as never`: SignatureV4 types the hash as a constructor of its own Checksum interface, which Sha256 implements.)
    const signer = new SignatureV4({ service: 'execute-api', region, credentials: defaultProvider(), sha256: Sha256 as never });
    const query = Object.fromEntries(url.searchParams);
    const signed = await signer.sign({ method, protocol: url.protocol, hostname: url.hostname, port: url.port ? Number(url.port) : undefined, path: url.pathname, query, headers, body: payload });
    Object.assign(headers, signed.headers);
  } else {
    const key = process.env.LOCAL_OPERATOR_KEY;
    if (!key) usage('The local cloud wrote no operator key (LOCAL_OPERATOR_KEY): restart it with `npm start`.');
    headers.authorization = `Bearer ${key}`;
  }
  const response = await fetch(url, { method, headers, body: payload });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(bytes ? 2 : 0)} GB`;

/** What --json prints of a tenant: its id, name, status, plan and usage (and the rest the API gave). */
const machine = ({ tenantId, ...rest }: TenantView) => ({ id: tenantId, ...rest });

function line(tenant: TenantView): string {
  const { usage, quotas } = tenant;
  return [
    tenant.tenantId,
    tenant.name.padEnd(24).slice(0, 24),
    tenant.status.padEnd(11),
    tenant.plan.padEnd(10),
    `${usage.activeProjects}/${quotas.activeProjects} projects`.padEnd(16),
    `${usage.seats}/${quotas.seats} seats`.padEnd(12),
    `${gib(usage.storageBytes)}/${gib(quotas.storageBytes)}`.padEnd(20),
    `${usage.requests} requests in ${usage.month}`,
  ].join('  ');
}

function details(tenant: TenantView): string {
  return [
    line(tenant),
    ...(tenant.statusReason ? [`  reason: ${tenant.statusReason} (since ${tenant.suspendedAt})`] : []),
    ...(tenant.offboarding ? [`  offboarding since ${tenant.offboarding.startedAt}; removed after ${tenant.offboarding.removeAfter}; export: ${tenant.offboarding.exportKey}`] : []),
    `  this month: ${tenant.usage.eventsAppended} events, ${tenant.usage.pdfExports} PDF exports, ${tenant.usage.mailsSent} mails; plan allows ${tenant.quotas.requestsPerMinute} requests a minute, ${tenant.quotas.pdfExportsPerDay} PDF exports a day`,
  ].join('\n');
}

async function main(): Promise<number> {
  if (values.help || !command) usage();
  const needId = () => id ?? usage(`${command} needs a tenant id`);
  const path = (action?: string) => `operator/tenants/${encodeURIComponent(needId())}${action ? `/${action}` : ''}`;
  let answer: { status: number; body: any };
  switch (command) {
    case 'list':
      answer = await call('GET', 'operator/tenants');
      break;
    case 'show':
      answer = await call('GET', path());
      break;
    case 'suspend':
      if (!values.reason) usage('suspend needs --reason TEXT');
      answer = await call('POST', path('suspend'), { reason: values.reason });
      break;
    case 'resume':
      answer = await call('POST', path('resume'), {});
      break;
    case 'plan':
      if (!arg) usage('plan needs a plan name: starter, standard or enterprise');
      answer = await call('POST', path('plan'), { plan: arg });
      break;
    case 'offboard':
      answer = await call('POST', path('offboard'), {});
      break;
    case 'sweep':
      answer = await call('POST', 'operator/sweep', {});
      break;
    case 'costs': {
      if (!values.month) usage('costs needs --month YYYY-MM');
      const query = new URLSearchParams({ month: values.month, ...(values.bill ? { bill: values.bill } : {}) });
      answer = await call('GET', `operator/costs?${query}`);
      break;
    }
    default:
      usage(`Unknown command: ${command}`);
  }
  if (answer.status >= 400) {
    if (values.json) console.log(JSON.stringify({ status: answer.status, ...answer.body }));
    else console.error(`Refused (${answer.status}): ${answer.body?.message ?? 'no message'}`);
    return 1;
  }
  const body = answer.body;
  if (command === 'list') {
    const tenants = body.tenants as TenantView[];
    if (values.json) console.log(JSON.stringify(tenants.map(machine), null, 2));
    else console.log(tenants.length ? tenants.map(line).join('\n') : 'No tenants.');
  } else if (command === 'sweep') {
    if (values.json) console.log(JSON.stringify(body, null, 2));
    else console.log(body.removed.length ? body.removed.map((r: { tenantId: string; projects: number; accounts: number; events: number; objects: number }) => `Removed ${r.tenantId}: ${r.projects} projects, ${r.accounts} accounts, ${r.events} events, ${r.objects} objects.`).join('\n') : 'No tenant is due for removal.');
  } else if (command === 'costs') {
    console.log(values.json ? JSON.stringify(body, null, 2) : (body.text ?? JSON.stringify(body, null, 2)));
  } else {
    console.log(values.json ? JSON.stringify(machine(body), null, 2) : details(body));
  }
  return 0;
}

await exitWhenFlushed(await main());
