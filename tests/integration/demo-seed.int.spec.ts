import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ChatMessage } from '../../contract/chat';
import type { ClientProject, Project, ProjectChecklist, ProjectStats, ProjectWithStats } from '../../contract/projects';
import { eventStore } from '../../functions/commands/event-store';
import { verifyProject } from '../../functions/store/verify';
import { demoAccounts, demoPassword, seedDemoData, type SeedOutcome } from '../../infra/local/seed';
import { sampleProject } from '../../infra/local/sample-project';
import { newProjectTemplate } from '../../events/projects/template';
import { ApiClient } from '../support/api-client';

/**
 * What `npm start` seeds on an empty database, seen through the API by the two demo people: the
 * sample project in progress, assigned to the demo client, with its progress, details, link,
 * photo and chat; seeded once however often the app starts, with every event chained.
 */

let first: SeedOutcome;
let second: SeedOutcome;
const contractor = new ApiClient(randomUUID());
const client = new ApiClient(randomUUID());

beforeAll(async () => {
  first = await seedDemoData(inject('localCloud').url);
  second = await seedDemoData(inject('localCloud').url); // the next `npm start`
  for (const [api, account] of [[contractor, demoAccounts[0]], [client, demoAccounts[1]]] as const) {
    expect((await api.post('/api/auth/login', { email: account.email, password: demoPassword })).status).toBe(200);
  }
});

const projectId = () => first.sampleProject!.id;
const templateItems = newProjectTemplate.flatMap((room) => room.items).length;

describe('the demo data npm start seeds', () => {
  it('makes one sample project, once: a second start finds it and adds nothing', async () => {
    expect(second.sampleProject).toEqual({ id: projectId(), made: false });
    const projects = (await contractor.get<Project[]>('/api/projects')).body;
    expect(projects.map((project) => project.name)).toEqual([sampleProject.name]);
  });

  it('shows the demo client the project on their dashboard, in progress', async () => {
    const answer = await client.get<ClientProject[]>('/api/client-projects');
    expect(answer.body).toEqual([expect.objectContaining({ id: projectId(), name: sampleProject.name, status: 'active', startDate: sampleProject.startDate })]);
    expect(answer.body[0]!.stats.overallCompletion).toBeCloseTo(8 / templateItems, 2);
  });

  it('has items selected, purchased and installed: progress at project and room level', async () => {
    const stats = (await client.get<ProjectStats>(`/api/projects/${projectId()}/stats`)).body;
    expect(stats).toMatchObject({ completed: 8, total: templateItems, contractorCompleted: 17, clientCompleted: 8 });
    const [listed] = (await contractor.get<ProjectWithStats[]>('/api/projects/with-stats')).body;
    expect(listed).toMatchObject({ id: projectId(), completedRooms: 1, totalRooms: newProjectTemplate.length });
    expect(listed!.overallCompletion).toBeGreaterThan(0);

    const { rooms } = (await client.get<ProjectChecklist>(`/api/projects/${projectId()}/checklist`)).body;
    const dining = rooms.find((room) => room.type === 'dining_room')!;
    expect(dining.items.every((item) => item.contractorCompleted && item.purchasesMade && item.clientCompleted)).toBe(true);
    const purchasedOnly = rooms.flatMap((room) => room.items).filter((item) => item.purchasesMade && !item.clientCompleted);
    expect(purchasedOnly.length).toBeGreaterThan(0);
  });

  it("has details, a reference link and a photo the app serves from the local S3 to the project's people only", async () => {
    const { rooms } = (await client.get<ProjectChecklist>(`/api/projects/${projectId()}/checklist`)).body;
    const kitchen = rooms.find((room) => room.type === 'kitchen')!;
    const item = (name: string) => kitchen.items.find((candidate) => candidate.name === name)!;
    expect(item('Countertops').details).toContain('Quartz');
    expect(item('Countertops').referenceLinks).toEqual(['https://www.example.com/catalog/quartz-calacatta-3cm']);
    expect(JSON.parse(item('Backsplash').details)).toMatchObject({ tile: expect.stringContaining('subway'), grout: expect.any(String) });
    expect(item('Kitchen Cabinets').cabinetDetails).toMatchObject({ style: 'Shaker, full overlay', styleCompleted: true });

    const [photo] = item('Backsplash').referenceImages;
    // Issue 30: served as a copy re-encoded without metadata (the sample PNG has no transparency: a JPEG).
    expect(photo).toMatch(/^\/objects\/[\w-]+\.jpg$/);
    const served = await fetch(`${client.baseUrl}${photo}`, { headers: { cookie: client.cookie! } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect([...Buffer.from(await served.arrayBuffer()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await fetch(`${client.baseUrl}${photo}`)).status).toBe(403);
  });

  it('has a short chat between the two, the last message still unread by the contractor', async () => {
    const messages = (await contractor.get<ChatMessage[]>(`/api/projects/${projectId()}/chat`)).body;
    expect(messages.map((message) => [message.senderType, message.senderName])).toEqual([
      ['contractor', 'Dana Contractor'],
      ['client', 'Chris Client'],
      ['contractor', 'Dana Contractor'],
      ['client', 'Chris Client'],
    ]);
    // Each message as read by the one it was for: all but the client's last.
    const readByOtherParty = messages.map((message) => (message.senderType === 'contractor' ? message.readByClient : message.readByContractor));
    expect(readByOtherParty).toEqual([true, true, true, false]);
  });

  it('records it all as events: the history tells it, and every hash chain holds', async () => {
    const history = (await contractor.get<{ action: string }[]>(`/api/projects/${projectId()}/history`)).body;
    const actions = history.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['Marked as installed (client)', 'Marked as purchased', 'Marked as completed (contractor)']));
    expect(await verifyProject(eventStore(), projectId())).toEqual([]);
  });
});
