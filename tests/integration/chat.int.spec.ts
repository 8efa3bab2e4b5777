import { randomUUID } from 'node:crypto';
import { monotonicFactory } from 'ulid';
import { describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { readState } from '../../events/chat/chat';
import { signedUp, uniqueEmail } from '../support/accounts';

/** Spec sections 3, 4 and 7 (Chat): messages, read receipts, the chat session, live pushes. */

async function projectWithClient() {
  const contractor = await signedUp('contractor');
  const client = await signedUp('client');
  const project = (await contractor.api.post('/api/projects', { name: 'Chat House', address: '3 Talk Lane', clientName: 'Chris Owner', clientEmail: client.user.email })).body;
  return { contractor, client, projectId: project.id as string };
}

describe('messages', () => {
  it('posts as the signed-in user whatever the body claims, unread by both at first', async () => {
    const { contractor, projectId } = await projectWithClient();
    const answer = await contractor.api.post('/api/chat', { projectId, senderType: 'client', senderName: 'Someone Else', message: '  Tile arrives Monday  ', messageType: 'chat' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ projectId, senderType: 'contractor', senderName: 'Casey Builder', message: 'Tile arrives Monday', messageType: 'chat', readByContractor: false, readByClient: false, roomId: null });
    expect(Date.parse(answer.body.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    expect(readState(answer.body)).toBe('Unseen');
  });

  it('refuses a blank message and appends nothing', async () => {
    const { contractor, projectId } = await projectWithClient();
    const answer = await contractor.api.post('/api/chat', { projectId, message: '   ' });
    expect(answer).toMatchObject({ status: 400, body: { fieldErrors: { message: ['Message cannot be empty'] } } });
    expect((await contractor.api.get(`/api/projects/${projectId}/chat`)).body).toEqual([]);
  });

  it('lists the chat oldest first; the history lists only what the server recorded, newest first', async () => {
    const { contractor, client, projectId } = await projectWithClient();
    await contractor.api.post('/api/rooms', { projectId, type: 'bedroom' });
    await contractor.api.post('/api/chat', { projectId, message: 'first' });
    // Activity entries are the server's: an 'action' posted by a person is their ordinary chat message.
    const forged = await client.api.post('/api/chat', { projectId, message: 'Marked as purchased "Faucet" in Kitchen', messageType: 'action' });
    expect(forged).toMatchObject({ status: 201, body: { messageType: 'chat', senderType: 'client', senderName: 'Chris Owner' } });
    await client.api.post('/api/chat', { projectId, message: 'second' });
    await contractor.api.post('/api/chat', { projectId, message: 'Deleted Bedroom 2', messageType: 'action' });
    const chat = (await client.api.get(`/api/projects/${projectId}/chat`)).body as { message: string; messageType: string }[];
    expect(chat.map((m) => [m.message, m.messageType])).toEqual([
      ['first', 'chat'],
      ['Marked as purchased "Faucet" in Kitchen', 'chat'],
      ['second', 'chat'],
      ['Deleted Bedroom 2', 'chat'],
    ]);
    const history = (await contractor.api.get(`/api/chat/${projectId}/history`)).body as { summary: string; userType: string }[];
    expect(history).toEqual((await contractor.api.get(`/api/projects/${projectId}/history`)).body);
    expect(history[0]).toMatchObject({ summary: 'Added Bedroom 2', userType: 'contractor' });
    expect(JSON.stringify(history)).not.toMatch(/Faucet|Deleted Bedroom 2/);
  });
});

describe('references and ids', () => {
  it("takes a room of the message's project; '' is no room; another project's or tenant's room is refused naming roomId, and nothing is posted", async () => {
    const { contractor, projectId } = await projectWithClient();
    const [room] = (await contractor.api.get(`/api/projects/${projectId}/rooms`)).body as { id: string }[];
    const about = await contractor.api.post('/api/chat', { projectId, message: 'About the room', roomId: room!.id });
    expect(about).toMatchObject({ status: 201, body: { roomId: room!.id } });
    expect((await contractor.api.post('/api/chat', { projectId, message: 'No room', roomId: '' })).body.roomId).toBeNull();

    const other = await projectWithClient();
    const [theirRoom] = (await other.contractor.api.get(`/api/projects/${other.projectId}/rooms`)).body as { id: string }[];
    const ownOther = (await contractor.api.post('/api/projects', { name: 'Second', address: '4 Lane', clientName: 'Pat' })).body;
    const [ownOtherRoom] = (await contractor.api.get(`/api/projects/${ownOther.id}/rooms`)).body as { id: string }[];
    for (const roomId of [theirRoom!.id, ownOtherRoom!.id, randomUUID()]) {
      const answer = await contractor.api.post('/api/chat', { projectId, message: 'Elsewhere', roomId });
      expect(answer).toMatchObject({ status: 400, body: { fieldErrors: { roomId: ['roomId is not a room of this project'] } } });
    }
    for (const roomId of ['nope', 'x'.repeat(5000), 12]) {
      const answer = await contractor.api.post('/api/chat', { projectId, message: 'Malformed', roomId });
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.fieldErrors)).toEqual(['roomId']);
    }
    expect((await contractor.api.get(`/api/projects/${projectId}/chat`)).body).toHaveLength(2);
    expect((await other.contractor.api.get(`/api/projects/${other.projectId}/chat`)).body).toEqual([]);
  });

  it('answers 400 naming the id for malformed ids, and 404 for well-formed unknown ones, on every chat route', async () => {
    const { contractor, projectId } = await projectWithClient();
    const malformed = [
      [await contractor.api.get('/api/projects/made-up/chat'), 'id'],
      [await contractor.api.get('/api/chat/made-up/history'), 'projectId'],
      [await contractor.api.post('/api/chat', { projectId: 'made-up', message: 'hi' }), 'projectId'],
      [await contractor.api.put('/api/chat/made-up/read', { readByContractor: true }), 'messageId'],
      [await contractor.api.put(`/api/chat/${'x'.repeat(3000)}/mark-all-read`, { userType: 'contractor', readByContractor: true }), 'projectId'],
    ] as const;
    for (const [answer, field] of malformed) {
      expect([field, answer.status]).toEqual([field, 400]);
      expect(Object.keys(answer.body.fieldErrors)).toEqual([field]);
    }
    const unknownProject = randomUUID();
    const unknown = [
      await contractor.api.get(`/api/projects/${unknownProject}/chat`),
      await contractor.api.get(`/api/chat/${unknownProject}/history`),
      await contractor.api.post('/api/chat', { projectId: unknownProject, message: 'hi' }),
      await contractor.api.put(`/api/chat/${monotonicFactory()()}/read`, { readByContractor: true }),
      await contractor.api.put(`/api/chat/${unknownProject}/mark-all-read`, { userType: 'contractor', readByContractor: true }),
    ];
    expect(unknown.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
    expect((await contractor.api.get(`/api/projects/${projectId}/chat`)).body).toEqual([]);
  });
});

describe('read receipts', () => {
  it("writes readByClient for clients and readByContractor for contractors: Unseen until the other party reads it, then Seen by One", async () => {
    const { contractor, client, projectId } = await projectWithClient();
    const message = (await contractor.api.post('/api/chat', { projectId, message: 'Can you check the grout colour?' })).body;

    // The sender's own reading is no receipt: to them the message still reads Unseen.
    const bySender = await contractor.api.put(`/api/chat/${message.id}/read`, { readByContractor: true });
    expect(bySender).toMatchObject({ status: 200, body: { readByContractor: false, readByClient: false } });
    expect((await contractor.api.put(`/api/chat/${projectId}/mark-all-read`, { userType: 'contractor', readByContractor: true })).body).toEqual({ updated: 0 });
    const [seenBySender] = (await contractor.api.get(`/api/projects/${projectId}/chat`)).body;
    expect(readState(seenBySender)).toBe('Unseen');

    expect((await client.api.put(`/api/chat/${message.id}/read`, { readByContractor: true })).status).toBe(403);
    const byClient = await client.api.put(`/api/chat/${message.id}/read`, { readByClient: true });
    expect(byClient.body).toMatchObject({ readByClient: true, readByContractor: false });
    const [seenByClient] = (await contractor.api.get(`/api/projects/${projectId}/chat`)).body;
    expect(readState(seenByClient)).toBe('Seen by One');
    expect((await contractor.api.put(`/api/chat/${message.id}/read`, {})).status).toBe(400);
  });

  it("marks every message of the other side read for the caller only, never the caller's own", async () => {
    const { contractor, client, projectId } = await projectWithClient();
    for (const text of ['one', 'two', 'three']) await contractor.api.post('/api/chat', { projectId, message: text });
    await client.api.post('/api/chat', { projectId, message: 'mine' });
    const answer = await client.api.put(`/api/chat/${projectId}/mark-all-read`, { userType: 'client', readByClient: true });
    expect(answer).toMatchObject({ status: 200, body: { updated: 3 } });
    const chat = (await contractor.api.get(`/api/projects/${projectId}/chat`)).body as { message: string; readByClient: boolean; readByContractor: boolean }[];
    expect(chat.map((m) => [m.message, m.readByContractor, m.readByClient, readState(m as never)])).toEqual([
      ['one', false, true, 'Seen by One'],
      ['two', false, true, 'Seen by One'],
      ['three', false, true, 'Seen by One'],
      ['mine', false, false, 'Unseen'],
    ]);
    expect((await client.api.put(`/api/chat/${projectId}/mark-all-read`, { userType: 'client', readByClient: true })).body).toEqual({ updated: 0 });
    expect((await client.api.put(`/api/chat/${projectId}/mark-all-read`, { userType: 'contractor', readByContractor: true })).status).toBe(403);
  });
});

describe('isolation', () => {
  it("answers 404 to another tenant's users on every chat route", async () => {
    const { contractor, projectId } = await projectWithClient();
    const message = (await contractor.api.post('/api/chat', { projectId, message: 'private' })).body;
    for (const outsider of [await signedUp('contractor'), await signedUp('client', { email: uniqueEmail('outsider') })]) {
      const { role } = (await outsider.api.get('/api/auth/me')).body;
      const flag = role === 'contractor' ? { readByContractor: true } : { readByClient: true };
      const answers = [
        await outsider.api.get(`/api/projects/${projectId}/chat`),
        await outsider.api.get(`/api/chat/${projectId}/history`),
        await outsider.api.post('/api/chat', { projectId, message: 'hello?' }),
        await outsider.api.put(`/api/chat/${message.id}/read`, flag),
        await outsider.api.put(`/api/chat/${projectId}/mark-all-read`, { userType: role, ...flag }),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
      expect(JSON.stringify(answers.map((answer) => answer.body))).not.toContain('private');
    }
    expect((await contractor.api.get(`/api/projects/${projectId}/chat`)).body).toHaveLength(1);
  });
});

describe('chat session', () => {
  it('is kept per signed-in user: first time until saved, then the saved choice', async () => {
    const { contractor, client } = await projectWithClient();
    expect((await client.api.get('/api/user-session')).body).toEqual({ session: null, isFirstTime: true });
    const saved = await client.api.put('/api/user-session', { userType: 'client', userName: 'Chris', chatOpenedOnce: true });
    expect(saved.status).toBe(200);
    expect((await client.api.get('/api/user-session')).body).toEqual({ session: { userType: 'client', userName: 'Chris', chatOpenedOnce: true }, isFirstTime: false });
    expect((await contractor.api.get('/api/user-session')).body.isFirstTime).toBe(true);
    expect((await contractor.api.put('/api/user-session', { userType: 'client', userName: 'Pretender' })).status).toBe(403);
    expect((await contractor.api.put('/api/user-session', { userType: 'contractor', userName: ' ' })).body.fieldErrors).toEqual({ userName: ['userName is required'] });
  });

  it('keeps a dismissed Join Project Chat as seen: no longer a first time, the chat not yet opened', async () => {
    const { contractor } = await projectWithClient();
    // What the page saves when Join Project Chat is cancelled: the signed-in role and name, chat not opened.
    const dismissed = await contractor.api.put('/api/user-session', { userType: 'contractor', userName: 'Casey Builder', chatOpenedOnce: false });
    expect(dismissed.status).toBe(200);
    expect((await contractor.api.get('/api/user-session')).body).toEqual({ session: { userType: 'contractor', userName: 'Casey Builder', chatOpenedOnce: false }, isFirstTime: false });
  });
});

describe('live', () => {
  // How soon a change reaches an open page is bench:live's figure; here, that it does (the ceiling only ends a hang).
  it("pushes chat_message to the other person's open page on a post and on a read", async () => {
    const { contractor, client, projectId } = await projectWithClient();
    const url = `${inject('localCloud').url.replace(/^http/, 'ws')}/ws?projectId=${projectId}`;
    const socket = new WebSocket(url, { headers: { cookie: client.api.cookie! } });
    const received: { type: string; eventType: string }[] = [];
    socket.on('message', (data) => received.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    try {
      const pushed = (eventType: string) =>
        expect.poll(() => received.some((notice) => notice.type === 'chat_message' && notice.eventType === eventType), { timeout: 30_000, interval: 20 }).toBe(true);
      const message = (await contractor.api.post('/api/chat', { projectId, message: 'live?' })).body;
      await pushed('MessagePosted');
      await client.api.put(`/api/chat/${message.id}/read`, { readByClient: true });
      await pushed('MessagesRead');
    } finally {
      socket.terminate();
    }
  });
});
