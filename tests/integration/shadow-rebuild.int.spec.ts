import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../contract/chat';
import type { ProjectChecklist } from '../../contract/projects';
import { dynamo } from '../../functions/adapters/dynamo';
import { config } from '../../functions/config';
import { liveProjectViews } from '../../functions/projections/rebuild';
import { stateKeys } from '../../functions/store/keys';
import { generationKeys, readPointer, withViewGeneration } from '../../functions/store/view-generation';
import type { ApiClient } from '../support/api-client';
import { signedUp } from '../support/accounts';
import { startPrivateCloud, usePrivateCloudEnv, type PrivateCloud } from '../support/private-cloud';
import { runScript } from '../support/run-script';
import { expectReplayEqualsLive } from '../support/views';

/**
 * `npm run views:rebuild -- --shadow` (issue 31): the next generation of the read models is built
 * beside the live one while people keep working, reads switch to it at once when it has caught
 * up, and the old one is dropped. Writers and a reader run throughout: no write is refused or
 * lost, no read is answered from a half-built view.
 *
 * A shadow rebuild switches the generation of the whole table and replays every project in it, so
 * this file runs in a local cloud of its own (tests/support/private-cloud.ts: its own DynamoDB
 * Local and gateway, in a child process), not the one the other integration files share: they
 * never see its generations, and it replays only its own projects. Writers and readers go through
 * that cloud's gateway, the script runs in a process of its own with that cloud's environment, and
 * this file's own reads of the tables (readPointer, liveProjectViews, …) go to it too.
 */

const SHADOW_TIMEOUT = 240_000;

interface ShadowReport {
  from: number;
  to: number;
  live: number;
  projects: number;
  passes: number[];
  switchMs: number;
  differences: { projectId: string }[];
}

async function projectWithItems(api: ApiClient, name: string) {
  const created = await api.post('/api/projects', { name, address: '9 Generation Way', clientName: 'Gen Client' });
  expect(created.status).toBe(201);
  const projectId = created.body.id as string;
  // A room of its own, which takes special features (whatever rooms the template gave).
  const roomId = (await api.post('/api/rooms', { projectId, type: 'study', customName: 'Office' })).body.id as string;
  const checklist = await readChecklist(api, projectId);
  const items: string[] = checklist.rooms.flatMap((entry) => entry.items.map((item) => item.id)).slice(0, 4);
  while (items.length < 4) items.push((await api.post('/api/checklist-items', { roomId, category: 'special_features', name: `Seed ${items.length}` })).body.id as string);
  return { projectId, roomId, items };
}

const readChecklist = async (api: ApiClient, projectId: string) => {
  const answer = await api.get<ProjectChecklist>(`/api/projects/${projectId}/checklist`);
  expect(answer.status).toBe(200);
  return answer.body;
};
const itemCount = (checklist: ProjectChecklist) => checklist.rooms.reduce((sum, room) => sum + room.items.length, 0);

let cloud: PrivateCloud | undefined;
let restoreEnv: (() => void) | undefined;
beforeAll(async () => {
  cloud = await startPrivateCloud();
  restoreEnv = usePrivateCloudEnv(cloud);
}, 120_000);
afterAll(async () => {
  restoreEnv?.();
  await cloud?.stop();
});

const own = () => {
  if (!cloud) throw new Error('The private cloud did not start');
  return cloud;
};
const contractor = () => signedUp('contractor', {}, { baseUrl: own().url });
const script = (name: string, args: string[]) => runScript(name, args, own().env);

const shadowRebuild = async (...args: string[]) => {
  const run = await script('rebuild-views', ['--shadow', '--grace', '2', '--json', ...args]);
  const report = run.code === 0 ? (JSON.parse(run.out.trim().split('\n').at(-1)!) as ShadowReport) : undefined;
  return { ...run, report };
};

describe('a shadow rebuild of the views', () => {
  it('switches reads to a new generation while writers write throughout: every write lands in it, every read is whole, the old one is dropped', { timeout: SHADOW_TIMEOUT }, async () => {
    const { api } = await contractor();
    const toggled = await projectWithItems(api, 'Toggled');
    const grown = await projectWithItems(api, 'Grown');
    const watched = await projectWithItems(api, 'Watched');
    const watchedBefore = await readChecklist(api, watched.projectId);
    // This file's reads see the private cloud (the projects were made through its gateway), in its first generation.
    expect(await liveProjectViews(watched.projectId)).not.toEqual([]);
    expect((await readPointer()).phase).toBeUndefined();
    const from = (await readPointer()).live;
    expect(from).toBe(1);

    let running = true;
    const refused: string[] = [];
    const flags = new Map<string, boolean>();
    const added: string[] = [];
    const messages: string[] = [];
    let reads = 0;
    const loop = async (step: (n: number) => Promise<void>) => {
      for (let n = 0; running; n++) await step(n);
    };
    const writers = [
      // Ticks and unticks items, each writer its own item: the last answer is what the views must say.
      ...toggled.items.map((itemId) =>
        loop(async (n) => {
          const answer = await api.request('PATCH', `/api/checklist-items/${itemId}`, { contractorCompleted: n % 2 === 0 });
          if (answer.status === 200) flags.set(itemId, n % 2 === 0);
          else refused.push(`PATCH item: ${answer.status} ${JSON.stringify(answer.body)}`);
        }),
      ),
      loop(async (n) => {
        const answer = await api.post('/api/checklist-items', { roomId: grown.roomId, category: 'special_features', name: `Added ${n}` });
        if (answer.status === 201) added.push(answer.body.id as string);
        else refused.push(`POST item: ${answer.status} ${JSON.stringify(answer.body)}`);
      }),
      loop(async (n) => {
        const answer = await api.post('/api/chat', { projectId: grown.projectId, message: `Message ${n}` });
        if (answer.status === 201 || answer.status === 200) messages.push(answer.body.id as string);
        else refused.push(`POST chat: ${answer.status} ${JSON.stringify(answer.body)}`);
      }),
      // A project no one writes to reads the same all along: never a half-built or emptied view.
      loop(async () => {
        const checklist = await api.get<ProjectChecklist>(`/api/projects/${watched.projectId}/checklist`);
        const list = await api.get<{ id: string }[]>('/api/projects');
        reads++;
        if (checklist.status !== 200 || checklist.body.rooms.length !== watchedBefore.rooms.length || itemCount(checklist.body) !== itemCount(watchedBefore)) {
          refused.push(`GET checklist: ${checklist.status}, ${checklist.body.rooms?.length} rooms, ${checklist.status === 200 ? itemCount(checklist.body) : '-'} items`);
        }
        const ids = list.body.map?.((project) => project.id) ?? [];
        if (list.status !== 200 || ![toggled, grown, watched].every(({ projectId }) => ids.includes(projectId))) refused.push(`GET projects: ${list.status}, ${ids.length} projects`);
      }),
    ];

    // Switches even if some project's views counted differently, and says which (none should here: only this file's projects are in this cloud).
    const rebuilt = await shadowRebuild('--allow-changes');
    const writesDuring = flags.size + added.length + messages.length;
    running = false;
    await Promise.all(writers);

    expect(rebuilt.out).not.toContain('Error');
    expect(rebuilt.code).toBe(0);
    const report = rebuilt.report!;
    expect(report).toMatchObject({ from, to: from + 1, live: from + 1 });
    expect(report.projects).toBeGreaterThanOrEqual(3);
    expect(report.differences.map((difference) => difference.projectId)).not.toEqual(expect.arrayContaining([toggled.projectId]));
    expect(report.differences).toEqual([]);
    expect(refused).toEqual([]);
    expect(writesDuring).toBeGreaterThan(10);
    expect(reads).toBeGreaterThan(3);
    expect(await readPointer()).toEqual({ ...generationKeys.pointer, live: from + 1 });

    // Every write is in the new generation, as its answer said.
    const toggledNow = await readChecklist(api, toggled.projectId);
    const byId = new Map(toggledNow.rooms.flatMap((room) => room.items.map((item) => [item.id, item] as const)));
    for (const [itemId, ticked] of flags) expect([itemId, byId.get(itemId)?.contractorCompleted]).toEqual([itemId, ticked]);
    const grownNow = await readChecklist(api, grown.projectId);
    const grownIds = new Set(grownNow.rooms.flatMap((room) => room.items.map((item) => item.id)));
    expect(added.filter((id) => !grownIds.has(id))).toEqual([]);
    const chat = (await api.get<ChatMessage[] | { messages: ChatMessage[] }>(`/api/projects/${grown.projectId}/chat`)).body;
    const chatIds = new Set((Array.isArray(chat) ? chat : chat.messages).map((message) => message.id));
    expect(messages.filter((id) => !chatIds.has(id))).toEqual([]);

    // The new views are exactly a plain replay of the events; the old generation is gone.
    for (const { projectId } of [toggled, grown, watched]) {
      await expectReplayEqualsLive(projectId);
      expect(await withViewGeneration(from, () => liveProjectViews(projectId))).toEqual([]);
    }

    // And back to generation 1 (a build into a generation below the live one): the same again, with no one writing.
    const back = await shadowRebuild('--generation', String(from), '--allow-changes');
    expect([back.code, back.report?.live]).toEqual([0, from]);
    for (const { projectId } of [toggled, grown, watched]) {
      await expectReplayEqualsLive(projectId);
      expect(await withViewGeneration(from + 1, () => liveProjectViews(projectId))).toEqual([]);
    }
    expect(itemCount(await readChecklist(api, watched.projectId))).toBe(itemCount(watchedBefore));
  });

  it("carries an archived project's tombstone over: it is still listed and still opens from the archive", { timeout: SHADOW_TIMEOUT }, async () => {
    const { api } = await contractor();
    const { projectId } = await projectWithItems(api, 'Archived');
    expect((await api.request('PATCH', `/api/projects/${projectId}`, { status: 'completed' })).status).toBe(200);
    const archived = await script('projects-archive', ['--settle-ms', '100', '--days', '0', '--project', projectId]);
    expect(archived.code, archived.out).toBe(0);
    const opened = await readChecklist(api, projectId);
    expect(await liveProjectViews(projectId)).not.toEqual([]);
    const from = (await readPointer()).live;

    const rebuilt = await shadowRebuild('--allow-changes');
    expect([rebuilt.code, rebuilt.report?.differences.map((difference) => difference.projectId)], rebuilt.out).toEqual([0, expect.not.arrayContaining([projectId])]);
    expect((await api.get<{ id: string }[]>('/api/projects')).body.map((project) => project.id)).toContain(projectId);
    expect(await readChecklist(api, projectId)).toEqual(opened);
    expect(await withViewGeneration(from, () => liveProjectViews(projectId))).toEqual([]);

    expect((await shadowRebuild('--generation', String(from), '--allow-changes')).code).toBe(0);
    expect(await readChecklist(api, projectId)).toEqual(opened);
  });

  it('ends the build and switches nothing when the rebuilt views count differently from the live ones', { timeout: SHADOW_TIMEOUT }, async () => {
    const { api } = await contractor();
    const { projectId } = await projectWithItems(api, 'Drifted');
    const from = (await readPointer()).live;
    // A history entry lost from the live views (what a faulty projection would leave).
    const history = (await liveProjectViews(projectId)).find((item) => item.sk.startsWith(stateKeys.historyPrefix))!;
    await dynamo().send(new DeleteCommand({ TableName: config().stateTable, Key: { pk: history.pk, sk: history.sk } }));
    const liveBefore = await liveProjectViews(projectId);

    const refused = await script('rebuild-views', ['--shadow', '--grace', '0']);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('count differently from the live ones');
    expect(refused.out).toContain(projectId);
    expect(await readPointer()).toMatchObject({ live: from });
    expect((await readPointer()).phase).toBeUndefined();
    expect(await liveProjectViews(projectId)).toEqual(liveBefore);
    expect(await withViewGeneration(from + 1, () => liveProjectViews(projectId))).toEqual([]);

    // A plain rebuild still repairs the live views in place.
    expect((await script('rebuild-views', ['--project', projectId])).code).toBe(0);
    await expectReplayEqualsLive(projectId);
  });
});
