/**
 * `npm run smoke -- --url URL [--mail-to ADDRESS] [--ses-url URL]`: a short end-to-end check of a
 * deployed stack (AWS, LocalStack, or the local cloud), as a browser would use it: the API answers,
 * a contractor signs up, creates a project, ticks an item, a second socket on the project hears of
 * it, the PDF renders, the invitation mail is accepted; then the smoke account is deleted with its
 * project. Prints PASS or FAIL per step with its time; exits 0 when every step passes, 1 otherwise.
 *
 * --mail-to   where the invitation goes (default a new address at example.com; in the SES sandbox
 *             use an address verified in SES, or the share step fails)
 * --ses-url   the SES emulator (local cloud): also check the invitation arrived there
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';

const usage = 'Usage: npm run smoke -- --url https://<your app> [--mail-to ADDRESS] [--ses-url URL]';
const { values } = parseArgs({ options: { url: { type: 'string' }, 'mail-to': { type: 'string' }, 'ses-url': { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (values.help || !values.url) {
  console.error(usage);
  process.exit(values.help ? 0 : 2);
}
const base = values.url.replace(/\/$/, '');
const run = randomUUID().slice(0, 8);
const email = `smoke.${run}@example.com`;
const mailTo = values['mail-to'] ?? `smoke.client.${run}@example.com`;
const password = `smoke-${randomUUID()}`;
const STEP_TIMEOUT_MS = 30_000;

let cookie = '';
async function call(method: string, path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}), origin: base },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
  });
  const setCookie = response.headers.getSetCookie()[0];
  if (setCookie) cookie = setCookie.split(';')[0]!;
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return response;
}
const json = async <T>(method: string, path: string, body?: unknown): Promise<T> => (await call(method, path, body)).json() as Promise<T>;

let failed = 0;
async function step<T>(name: string, action: () => Promise<T>): Promise<T | undefined> {
  const started = performance.now();
  try {
    const result = await action();
    console.log(`PASS ${name} (${Math.round(performance.now() - started)} ms)`);
    return result;
  } catch (error) {
    failed++;
    console.log(`FAIL ${name}: ${(error as Error).message}`);
    return undefined;
  }
}

/** A socket on the project, as the checklist page opens one; resolves with the first notice of `streamId`. */
async function listen(projectId: string) {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws?projectId=${encodeURIComponent(projectId)}`, { headers: { cookie, origin: base } });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    noticeOf: (streamId: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no notice of ${streamId} within ${STEP_TIMEOUT_MS / 1000} s`)), STEP_TIMEOUT_MS);
        socket.on('message', (data) => {
          if ((JSON.parse(data.toString()) as { streamId?: string }).streamId === streamId) {
            clearTimeout(timer);
            resolve();
          }
        });
      }),
    close: () => socket.terminate(),
  };
}

console.log(`Smoke test of ${base} (${new Date().toISOString()})`);
let projectId: string | undefined;
let signedUp = false;
try {
  await step('the API answers (GET /api/health)', () => call('GET', '/api/health'));
  signedUp = Boolean(
    await step(`sign up a contractor (${email})`, () => json('POST', '/api/auth/register', { firstName: 'Smoke', lastName: 'Test', email, role: 'contractor', password, confirmPassword: password })),
  );
  if (!signedUp) throw new Error('cannot go on without an account');
  projectId = (await step('create a project with the template rooms', () => json<{ id: string }>('POST', '/api/projects', { name: `Smoke ${run}`, address: '1 Smoke Lane', clientName: 'Smoke Client', clientEmail: mailTo })))?.id;
  if (!projectId) throw new Error('cannot go on without a project');
  const item = await step('read a room and its items', async () => {
    const [room] = await json<{ id: string }[]>('GET', `/api/projects/${projectId}/rooms`);
    const [first] = await json<{ id: string }[]>('GET', `/api/rooms/${room!.id}/items`);
    if (!first) throw new Error('the first room has no items');
    return first;
  });
  if (item) {
    const socket = await step('open a live socket on the project (/ws)', () => listen(projectId!));
    const heard = socket?.noticeOf(`item#${item.id}`);
    await step('tick Selected on an item', async () => {
      const updated = await json<{ contractorCompleted: boolean }>('PATCH', `/api/checklist-items/${item.id}`, { contractorCompleted: true });
      if (!updated.contractorCompleted) throw new Error('the item came back not selected');
    });
    if (heard) await step('hear the change on the socket', () => heard);
    socket?.close();
  }
  await step('export the checklist as a PDF', async () => {
    const bytes = new Uint8Array(await (await call('POST', `/api/projects/${projectId}/export-pdf`)).arrayBuffer());
    if (new TextDecoder().decode(bytes.slice(0, 5)) !== '%PDF-') throw new Error('the answer is not a PDF');
    return bytes.length;
  });
  await step(`share with the client (mail to ${mailTo})`, async () => {
    await call('POST', `/api/projects/${projectId}/share-with-client`);
    const sesUrl = values['ses-url'];
    if (!sesUrl) return;
    const { emails } = (await (await fetch(`${sesUrl.replace(/\/$/, '')}/store`)).json()) as { emails: { destination: { to: string[] } }[] };
    if (!emails.some((mail) => mail.destination.to.includes(mailTo))) throw new Error(`no mail to ${mailTo} in the SES emulator`);
  });
} catch (error) {
  console.log(`stopped: ${(error as Error).message}`);
} finally {
  // Leave nothing behind: the account goes, and its projects with it.
  if (signedUp) await step('delete the smoke account and its project', () => call('DELETE', '/api/auth/account'));
}
console.log(failed ? `\n${failed} step(s) failed.` : '\nEvery step passed.');
process.exit(failed ? 1 : 0);
