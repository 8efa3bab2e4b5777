import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { daysBefore, utcDay } from '../../events/projects/decisions';
import { ApiClient } from '../support/api-client';
import { signedUp } from '../support/accounts';
import { mailTo } from '../support/mail';
import { runScript } from '../support/run-script';

/**
 * The daily decisions digest (issue 18), sent by `npm run digest:send` as an operator (or the
 * schedule) runs it and read back from the SES emulator: one mail per client and project with the
 * overdue decisions and those due within 7 days, never twice a day, and an unsubscribe link whose
 * signed token records the opt-out of that project's digest.
 */

const today = utcDay(new Date());
const inDays = (days: number) => daysBefore(today, -days);

async function clientWithProject(client?: Awaited<ReturnType<typeof signedUp>>) {
  const contractor = await signedUp('contractor');
  const person = client ?? (await signedUp('client'));
  const name = `Digest House ${randomUUID().slice(0, 6)}`;
  const created = await contractor.api.post('/api/projects', { name, address: '8 Mail Road', clientName: 'Chris Owner', clientEmail: person.user.email, targetCompletionDate: inDays(20) });
  expect((await person.api.get(`/api/projects/${created.body.id}/checklist`)).status).toBe(200);
  const projectId = created.body.id as string;
  const room = await contractor.api.post('/api/rooms', { projectId, type: 'study', customName: 'Den' });
  const item = async (itemName: string, schedule: Record<string, unknown>) => {
    const added = await contractor.api.post('/api/checklist-items', { roomId: room.body.id, category: 'special_features', name: itemName });
    expect((await contractor.api.request('PATCH', `/api/checklist-items/${added.body.id}`, schedule)).status).toBe(200);
    return added.body.id as string;
  };
  return { contractor, client: person, projectId, name, item };
}

const digestsFor = async (email: string, projectName: string) => (await mailTo(email)).filter((mail) => mail.subject.startsWith(`${projectName}:`));
const sendDigest = async (day = today) => {
  const run = await runScript('send-digest', ['--day', day]);
  expect(run.code, run.out).toBe(0);
  return run.out;
};

describe('the daily decisions digest', () => {
  it('mails the client the overdue decisions and those due within 7 days, once a day, with an unsubscribe link', async () => {
    const { contractor, client, name, item } = await clientWithProject();
    await item('Late tile', { decideBy: inDays(-2) });
    await item('Faucet', { decideBy: inDays(3) });
    await item('Lights', { leadTimeDays: 15 }); // target completion in 20 days, less 15
    await item('Rug', { decideBy: inDays(10) });
    const chosen = await item('Paint', { decideBy: inDays(1) });
    expect((await contractor.api.request('PATCH', `/api/checklist-items/${chosen}`, { contractorCompleted: true })).status).toBe(200);

    expect(await sendDigest()).toMatch(/Digest of \d{4}-\d{2}-\d{2}: \d+ active project\(s\) with a client; mailed [1-9]/);
    const [mail, ...more] = await digestsFor(client.user.email, name);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`${name}: 3 decisions to make`);
    expect(mail!.text).toContain(`Overdue:\n- Late tile (Den): decide by ${inDays(-2)}`);
    expect(mail!.text).toContain(`Due in the next 7 days:\n- Faucet (Den): decide by ${inDays(3)}\n- Lights (Den): decide by ${inDays(5)}`);
    // Later than a week, or already Selected: not in it.
    expect(mail!.text).not.toContain('Rug');
    expect(mail!.text).not.toContain('Paint');
    expect(mail!.text).toMatch(/\/client-project\/[0-9a-f-]{36}/);
    expect(mail!.text!.match(/\/digest-unsubscribe#token=/g)).toHaveLength(1);
    expect(mail!.html).toContain('<li>Late tile (Den): decide by');

    // Run again the same day (or retried): nobody is mailed twice.
    expect(await sendDigest()).toMatch(/already mailed that day [1-9]/);
    expect(await digestsFor(client.user.email, name)).toHaveLength(1);
  });

  it('stops for a project once its mail’s unsubscribe link is posted (no sign-in), and only for that project', async () => {
    const first = await clientWithProject();
    await first.item('Faucet', { decideBy: inDays(2) });
    const second = await clientWithProject(first.client);
    await second.item('Sink', { decideBy: inDays(2) });
    await sendDigest();
    const [mail] = await digestsFor(first.client.user.email, first.name);
    const token = decodeURIComponent(/\/digest-unsubscribe#token=([^\s]+)/.exec(mail!.text!)![1]!);

    const anonymous = new ApiClient(randomUUID());
    const unsubscribed = await anonymous.post('/api/digest/unsubscribe', { token });
    expect(unsubscribed.status).toBe(200);
    expect(unsubscribed.body).toEqual({ message: 'You will no longer get the daily decisions e-mail for this project.' });
    // Again: the same answer.
    expect((await anonymous.post('/api/digest/unsubscribe', { token })).status).toBe(200);

    await sendDigest(inDays(1));
    expect(await digestsFor(first.client.user.email, first.name)).toHaveLength(1);
    expect(await digestsFor(first.client.user.email, second.name)).toHaveLength(2);
  });

  it('refuses a token it did not sign for this purpose with a 400 naming the token, recording nothing', async () => {
    const { client, name, item } = await clientWithProject();
    await item('Faucet', { decideBy: inDays(1) });
    await sendDigest();
    const token = decodeURIComponent(/\/digest-unsubscribe#token=([^\s]+)/.exec((await digestsFor(client.user.email, name))[0]!.text!)![1]!);
    const [header, payload, signature] = token.split('.');
    const otherProject = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), projectId: randomUUID() })).toString('base64url');
    const anonymous = new ApiClient(randomUUID());
    const session = client.api.cookie!.replace(/^[^=]+=/, '');
    for (const bad of [`${header}.${otherProject}.${signature}`, `${token}x`, session, 'not-a-token', '', 'x'.repeat(3000)]) {
      const answer = await anonymous.post('/api/digest/unsubscribe', { token: bad });
      expect(answer.status, bad.slice(0, 30)).toBe(400);
      expect(Object.keys(answer.body.fieldErrors ?? {})).toContain('token');
    }
    // Still subscribed: the next day's digest comes.
    await sendDigest(inDays(1));
    expect(await digestsFor(client.user.email, name)).toHaveLength(2);
  });
});
