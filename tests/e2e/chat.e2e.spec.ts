import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, expectNoHorizontalOverflow, screenshot, settled, tick, uniqueEmail, usePages, verifyEmailByMail, viewportName, viewports } from '../support/browser';

/**
 * The project chat, the chat session and the action history in real Chromium against the local
 * cloud (issue 7): a contractor and a client with the same project open in two browsers.
 */

const openPage = usePages();

type Role = 'contractor' | 'client';
const names = { contractor: ['Casey', 'Builder'], client: ['Chris', 'Owner'] } as const;

/** Registers through the API with the page's cookie jar, so the page is signed in (and has never joined the chat). */
async function registerByApi(page: Page, role: Role) {
  const [firstName, lastName] = names[role];
  const email = uniqueEmail(role);
  const response = await page.request.post('/api/auth/register', { data: { firstName, lastName, email, role, password: 'first-password-1', confirmPassword: 'first-password-1' } });
  expect(response.status()).toBe(201);
  if (role === 'client') await verifyEmailByMail(page, email);
  return email;
}

/** A contractor and a client (registered first) on one new project, made through the API. */
async function projectForTwo(options: Parameters<typeof openPage>[0] = {}) {
  const contractor = await openPage(options);
  const client = await openPage(options);
  const clientEmail = await registerByApi(client, 'client');
  await registerByApi(contractor, 'contractor');
  const response = await contractor.request.post('/api/projects', {
    data: { name: 'Birch Lane Renovation', address: '7 Birch Lane, Springfield', clientName: 'Chris Owner', clientEmail },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { contractor, client, projectId: id };
}

/** A toast's text (by text: while a modal is open, the toast region outside it is hidden from the accessibility tree; Radix announces toasts separately). */
const toast = (page: Page, text: string) => page.locator('li.toast').getByText(text, { exact: true });
const joinDialog = (page: Page) => page.getByRole('dialog', { name: 'Join Project Chat' });
const chatDialog = (page: Page) => page.getByRole('dialog', { name: 'Project Chat' });
const historyDialog = (page: Page) => page.getByRole('dialog', { name: 'Action History' });
const chatButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Chat/ });
const historyButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^History/ });
const badge = (button: Locator) => button.getByTestId('unread-badge');
/** The badge's number ('' when there is none). */
const badgeText = async (button: Locator) => ((await badge(button).count()) ? ((await badge(button).textContent()) ?? '').replace(' unread', '') : '');
const message = (page: Page, text: string) => chatDialog(page).getByRole('article').filter({ hasText: text });
const bar = (page: Page, name: string) => page.getByRole('progressbar', { name, exact: true });

/** Joins from the dialog that opened by itself, and lands in the chat. */
async function join(page: Page) {
  await joinDialog(page).getByRole('button', { name: 'Join Chat' }).click();
  await chatDialog(page).waitFor();
  await joinDialog(page).waitFor({ state: 'detached' });
}

/** Nothing wider than the viewport (no sideways scrolling), and nothing in the dialog sticks out of it. */
async function expectNothingOverflows(page: Page, dialog: Locator) {
  await expectNoHorizontalOverflow(page);
  const outside = await dialog.evaluate((panel) => {
    const edge = panel.getBoundingClientRect();
    return [...panel.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // Screen-reader-only text is a 1 px box, clipped.
        return box.width > 1 && (box.left < edge.left - 0.5 || box.right > edge.right + 0.5);
      })
      .map((element) => element.outerHTML.slice(0, 120));
  });
  expect(outside).toEqual([]);
  expect((await dialog.boundingBox())!.x).toBeGreaterThanOrEqual(0);
}

/** WCAG 2.2 A/AA violations axe-core finds in the open dialog, as `rule: target` lines. */
async function dialogViolations(page: Page): Promise<string[]> {
  return axeViolations(page, { include: '[role="dialog"]' });
}

/** Two frames drawn: what the page does on a change it has already received is on screen by then. */
const nextFrames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

const shot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

describe('project chat in the browser', () => {
  it('lets the contractor and the client talk, read and see each other’s changes live', async () => {
    const { contractor, client, projectId } = await projectForTwo();
    const posts: string[] = [];
    contractor.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat') posts.push(request.postData() ?? '');
    });

    // First visit: Join Project Chat opens by itself, the role preset to the user's own and the name filled in.
    await contractor.goto(`/project/${projectId}`);
    const contractorJoin = joinDialog(contractor);
    await contractorJoin.waitFor();
    expect(await contractorJoin.getByRole('radio', { name: 'Contractor' }).isChecked()).toBe(true);
    expect(await contractorJoin.getByRole('radio', { name: 'Client' }).isDisabled()).toBe(true);
    const nameBox = contractorJoin.getByRole('textbox', { name: 'Your Name' });
    expect(await nameBox.inputValue()).toBe('Casey Builder');
    // A blank name is refused in place.
    await nameBox.fill('   ');
    await contractorJoin.getByRole('button', { name: 'Join Chat' }).click();
    await contractorJoin.getByText('Please enter your name').waitFor();
    await nameBox.fill('Casey Builder');
    await join(contractor);
    // The session is saved: a reload opens nothing by itself, and Chat goes straight to the chat.
    expect((await (await contractor.request.get('/api/user-session')).json()) as unknown).toEqual({
      session: { userType: 'contractor', userName: 'Casey Builder', chatOpenedOnce: true },
      isFirstTime: false,
    });
    await chatDialog(contractor).getByText('No messages yet. Start the conversation!').waitFor();

    await client.goto(`/client-project/${projectId}`);
    await joinDialog(client).waitFor();
    expect(await joinDialog(client).getByRole('radio', { name: 'Client' }).isChecked()).toBe(true);
    expect(await joinDialog(client).getByRole('textbox', { name: 'Your Name' }).inputValue()).toBe('Chris Owner');
    await join(client);

    // A blank message is not sent: Send stays disabled and Enter does nothing.
    const contractorBox = chatDialog(contractor).getByRole('textbox', { name: 'Message' });
    const contractorSend = chatDialog(contractor).getByRole('button', { name: 'Send' });
    await contractorBox.fill('   ');
    expect(await contractorSend.isDisabled()).toBe(true);
    await contractorBox.press('Enter');

    // The contractor sends; the client's open chat shows it, without a reload.
    await contractorBox.fill('Tile arrives Monday');
    const sent = contractor.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/chat');
    await contractorSend.click();
    expect((await sent).status()).toBe(201);
    // The blank one before it was never sent.
    expect(posts.map((post) => (JSON.parse(post) as { message: string }).message)).toEqual(['Tile arrives Monday']);
    await message(client, 'Tile arrives Monday').waitFor();
    expect(await contractorBox.inputValue()).toBe('');
    const received = message(client, 'Tile arrives Monday');
    expect(await received.getByText('Casey Builder').count()).toBe(1);
    expect(await received.getByText('Contractor', { exact: true }).count()).toBe(1);
    expect(await received.locator('time').textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M$/);
    // Read states are shown on one's own messages.
    expect(await received.getByTestId('read-state').count()).toBe(0);

    // The client's open chat marks it read: the contractor sees Seen by One (the other party saw it), without a reload.
    await expect.poll(() => message(contractor, 'Tile arrives Monday').getByTestId('read-state').textContent()).toBe('Seen by One');
    await shot(contractor, 'chat-live-contractor-1280x800-light');

    // With the chat closed, a new message shows as unread on the Chat button; opening the chat reads it.
    await client.keyboard.press('Escape');
    await chatDialog(client).waitFor({ state: 'detached' });
    const reads: string[] = [];
    contractor.on('request', (request) => {
      if (request.method() === 'PUT' && /\/api\/chat\/.+\/(read|mark-all-read)$/.test(new URL(request.url()).pathname)) reads.push(request.url());
    });
    await contractorBox.fill('Grout will be warm grey.\nOK?');
    await contractorBox.press('Enter');
    // The sender's own open chat is no receipt: while the client has not looked, it stays Unseen to the sender.
    const groutState = message(contractor, 'Grout will be warm grey.').getByTestId('read-state');
    await groutState.waitFor();
    await expect.poll(() => badgeText(chatButton(client))).toBe('1');
    // The sender's page has drawn its message (a read would be sent then): frames later, still none.
    await nextFrames(contractor);
    expect(await groutState.textContent()).toBe('Unseen');
    expect(reads).toEqual([]);
    await shot(contractor, 'chat-unseen-contractor-1280x800-light');
    await chatButton(client).click();
    await message(client, 'Grout will be warm grey.').waitFor();
    await expect.poll(() => badgeText(chatButton(client))).toBe('');
    await expect.poll(() => groutState.textContent()).toBe('Seen by One');
    // And the client answers: Unseen to them until the contractor's open chat reads it.
    await chatDialog(client).getByRole('textbox', { name: 'Message' }).fill('Great, thanks!');
    await chatDialog(client).getByRole('button', { name: 'Send' }).click();
    await message(contractor, 'Great, thanks!').waitFor();
    await expect.poll(() => message(client, 'Great, thanks!').getByTestId('read-state').textContent()).toBe('Seen by One');
    await shot(contractor, 'chat-seen-contractor-1280x800-light');
    await client.keyboard.press('Escape');
    await chatDialog(client).waitFor({ state: 'detached' });

    // A failed send says so, keeps the text, and Send is disabled while it is on its way.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await contractor.route('**/api/chat', async (route) => {
      await held;
      await route.fulfill({ status: 500, body: '' });
    });
    await contractorBox.fill('This one fails');
    await contractorSend.click();
    await expect.poll(() => contractorSend.isDisabled()).toBe(true);
    expect(await contractorSend.getAttribute('aria-busy')).toBe('true');
    release();
    await toast(contractor, 'Failed to send message. Please try again.').waitFor();
    expect(await contractorBox.inputValue()).toBe('This one fails');
    await contractor.unroute('**/api/chat');
    await contractorBox.fill('');
    // (Escape would dismiss the toast first: it is the top layer.)
    await chatDialog(contractor).getByRole('button', { name: 'Close' }).click();
    await chatDialog(contractor).waitFor({ state: 'detached' });

    // The client ticks Installed: the contractor's progress bar moves and the history badge counts it, without a reload.
    expect(await bar(contractor, 'Client Progress').getAttribute('aria-valuenow')).toBe('0');
    expect(await badgeText(historyButton(contractor))).toBe('');
    await tick(client.getByRole('region', { name: 'Kitchen', exact: true }).getByRole('article', { name: 'Countertops', exact: true }).getByRole('checkbox', { name: 'Installed' }));
    await expect.poll(() => bar(contractor, 'Client Progress').getAttribute('aria-valuenow')).not.toBe('0');
    await expect.poll(() => badgeText(historyButton(contractor))).toBe('1');

    // History: newest first, the client's entry on top, with who and when; opening it clears the badge.
    await historyButton(contractor).click();
    const history = historyDialog(contractor);
    const entries = history.getByTestId('history-entry');
    await entries.first().waitFor();
    expect(await entries.first().textContent()).toContain('Marked as installed (client) "Countertops" in Kitchen');
    expect(await entries.first().textContent()).toContain('Chris Owner (Client)');
    expect(await entries.first().locator('time').textContent()).toMatch(/^(less than a minute ago|1 minute ago)$/);
    const times = await entries.locator('time').evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime') ?? '')));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(await badgeText(historyButton(contractor))).toBe('');
    await shot(contractor, 'history-contractor-1280x800-light');
    await contractor.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    expect(await badgeText(historyButton(contractor))).toBe('');
    expect(await contractor.evaluate((id) => localStorage.getItem(`history-seen:${id}`), projectId)).toMatch(/^\d{4}-/);
    // Still seen after a reload; the contractor's own changes never count.
    await contractor.reload();
    // The Chat button waits for the session; once it is known, nothing has opened by itself.
    await expect.poll(() => chatButton(contractor).isEnabled()).toBe(true);
    await nextFrames(contractor);
    expect(await joinDialog(contractor).count()).toBe(0);
    // The history the page reads after its own change (the live notice marks it stale) holds the new room.
    const historyRead = contractor.waitForResponse(
      async (response) => response.request().method() === 'GET' && new URL(response.url()).pathname === `/api/projects/${projectId}/history` && (await response.text()).includes('Bedroom 2'),
    );
    await contractor.getByRole('button', { name: 'Add Bedroom' }).click();
    const added = contractor.getByRole('region', { name: 'Bedroom 2', exact: true });
    await added.waitFor();
    // It comes with the template's Bedroom items (issue 16), which the history does not list one by one.
    await added.getByText('0/4 Complete').waitFor();
    await added.getByRole('article', { name: 'Closet Shelving', exact: true }).waitFor({ state: 'attached' });
    await historyRead;
    await nextFrames(contractor);
    expect(await badgeText(historyButton(contractor))).toBe('');
  });

  it('comes back after a dropped connection and catches up', async () => {
    const { contractor, client, projectId } = await projectForTwo();
    const joined = await contractor.request.put('/api/user-session', { data: { userType: 'contractor', userName: 'Casey Builder', chatOpenedOnce: true } });
    expect(joined.status()).toBe(200);
    const [OPEN, CLOSED] = [1, 3];
    // Every WebSocket the page opens, kept where the test can drop it, with when it was opened.
    await contractor.addInitScript(() => {
      const Native = window.WebSocket;
      const opened: { socket: WebSocket; at: number }[] = [];
      (window as unknown as { __sockets: typeof opened }).__sockets = opened;
      window.WebSocket = class extends Native {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          opened.push({ socket: this, at: performance.now() });
        }
      };
    });
    const sockets = () => contractor.evaluate(() => (window as unknown as { __sockets: { socket: WebSocket; at: number }[] }).__sockets.map(({ socket, at }) => ({ state: socket.readyState, at })));
    await contractor.goto(`/project/${projectId}`);
    await bar(contractor, 'Overall Progress').waitFor();
    await expect.poll(async () => (await sockets()).map(({ state }) => state)).toEqual([OPEN]);

    // The connection drops; a message and a tick arrive meanwhile; the page reconnects after 1 s and refetches.
    const droppedAt = await contractor.evaluate(() => {
      (window as unknown as { __sockets: { socket: WebSocket }[] }).__sockets[0]!.socket.close();
      return performance.now();
    });
    await client.request.post('/api/chat', { data: { projectId, senderType: 'client', senderName: 'Chris Owner', message: 'Sent while you were away', messageType: 'chat' } });
    const rooms = (await (await client.request.get(`/api/projects/${projectId}/rooms`)).json()) as { id: string; type: string }[];
    const items = (await (await client.request.get(`/api/rooms/${rooms.find((room) => room.type === 'kitchen')!.id}/items`)).json()) as { id: string }[];
    expect((await client.request.patch(`/api/checklist-items/${items[0]!.id}`, { data: { clientCompleted: true } })).status()).toBe(200);
    await expect.poll(async () => (await sockets()).map(({ state }) => state)).toEqual([CLOSED, OPEN]);
    const reconnectMs = (await sockets())[1]!.at - droppedAt;
    console.info(`reconnected ${Math.round(reconnectMs)} ms after the drop`);
    expect(reconnectMs).toBeGreaterThanOrEqual(900);
    await expect.poll(() => bar(contractor, 'Client Progress').getAttribute('aria-valuenow')).not.toBe('0');
    await expect.poll(() => badgeText(chatButton(contractor))).toBe('1');
    await expect.poll(() => badgeText(historyButton(contractor))).toBe('1');
  });

  it('shows the empty and loading states', async () => {
    const { contractor, projectId } = await projectForTwo();
    // A real project's history starts with its creation; an empty one is served here to show the empty state.
    await contractor.route(`**/api/projects/${projectId}/history`, (route) => route.fulfill({ json: [] }));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await contractor.route(`**/api/projects/${projectId}/chat`, async (route) => {
      await held;
      await route.continue();
    });
    await contractor.goto(`/project/${projectId}`);
    await join(contractor);
    await chatDialog(contractor).getByText('Loading messages...').waitFor();
    release();
    await chatDialog(contractor).getByText('No messages yet. Start the conversation!').waitFor();
    await contractor.keyboard.press('Escape');
    // Dismissed, Join does not come back by itself; the Chat button opens the chat.
    await chatButton(contractor).click();
    await chatDialog(contractor).waitFor();
    await contractor.keyboard.press('Escape');
    await historyButton(contractor).click();
    await historyDialog(contractor).getByText('No activity history yet').waitFor();
  });

  it('welcomes once: Cancel counts as seen, and Chat then opens the chat straight away', async () => {
    const { client, projectId } = await projectForTwo();
    const session = async () => (await client.request.get('/api/user-session')).json() as Promise<unknown>;
    expect(await session()).toEqual({ session: null, isFirstTime: true });

    // First visit: Join Project Chat opens by itself; Cancel closes it and is kept as seen.
    await client.goto(`/client-project/${projectId}`);
    await joinDialog(client).getByRole('button', { name: 'Cancel' }).click();
    await joinDialog(client).waitFor({ state: 'detached' });
    await expect.poll(session).toEqual({ session: { userType: 'client', userName: 'Chris Owner', chatOpenedOnce: false }, isFirstTime: false });

    // The next visit opens nothing by itself.
    await client.reload();
    await expect.poll(() => chatButton(client).isEnabled()).toBe(true);
    await nextFrames(client);
    expect(await joinDialog(client).count()).toBe(0);

    // The signed-in client's role and name are known: Chat opens the chat, and the first opening is recorded.
    await chatButton(client).click();
    await chatDialog(client).getByText('No messages yet. Start the conversation!').waitFor();
    expect(await joinDialog(client).count()).toBe(0);
    await expect.poll(session).toEqual({ session: { userType: 'client', userName: 'Chris Owner', chatOpenedOnce: true }, isFirstTime: false });
    await chatDialog(client).getByRole('textbox', { name: 'Message' }).fill('Hello from the client');
    await chatDialog(client).getByRole('button', { name: 'Send' }).click();
    await message(client, 'Hello from the client').getByText('Chris Owner').waitFor();
    await client.keyboard.press('Escape');

    // Escape on a first visit counts as seen just the same.
    const other = await projectForTwo();
    await other.contractor.goto(`/project/${other.projectId}`);
    await joinDialog(other.contractor).waitFor();
    await other.contractor.keyboard.press('Escape');
    await joinDialog(other.contractor).waitFor({ state: 'detached' });
    await expect.poll(async () => ((await (await other.contractor.request.get('/api/user-session')).json()) as { isFirstTime: boolean }).isFirstTime).toBe(false);
    await other.contractor.reload();
    await expect.poll(() => chatButton(other.contractor).isEnabled()).toBe(true);
    await nextFrames(other.contractor);
    expect(await joinDialog(other.contractor).count()).toBe(0);
  });

  it('shows a counter near the message limit and refuses a longer message in place, cutting nothing', async () => {
    const { contractor, projectId } = await projectForTwo();
    await contractor.request.put('/api/user-session', { data: { userType: 'contractor', userName: 'Casey Builder', chatOpenedOnce: true } });
    const posts: string[] = [];
    contractor.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat') posts.push(request.postData() ?? '');
    });
    await contractor.goto(`/project/${projectId}`);
    await chatButton(contractor).click();
    const box = chatDialog(contractor).getByRole('textbox', { name: 'Message' });
    const send = chatDialog(contractor).getByRole('button', { name: 'Send' });
    const counter = chatDialog(contractor).locator('#chat-message-length');

    // Far from the limit: no counter.
    await box.fill('x'.repeat(1799));
    expect(await counter.count()).toBe(0);
    // Near it: the count, read with the box.
    await box.fill('x'.repeat(1950));
    expect(await counter.textContent()).toBe('1,950 / 2,000 characters');
    expect(await box.getAttribute('aria-describedby')).toBe('chat-message-length');
    expect(await send.isEnabled()).toBe(true);

    // Over it (as a paste would): everything stays in the box, the refusal shows, and nothing is sent.
    await box.fill('y'.repeat(2050));
    expect((await box.inputValue()).length).toBe(2050);
    await chatDialog(contractor).getByRole('alert').getByText('Message must be at most 2000 characters', { exact: true }).waitFor();
    expect(await counter.textContent()).toContain('2,050 / 2,000');
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect(await send.isDisabled()).toBe(true);
    await box.press('Enter');
    expect(posts).toEqual([]);
    await shot(contractor, 'chat-limit-over-1280x800-light');
    // The refusal, the counter and the invalid box pass axe's WCAG 2.2 A/AA rules.
    expect(await dialogViolations(contractor)).toEqual([]);

    // Back to the limit: sent whole.
    await box.fill('z'.repeat(2000));
    expect(await counter.textContent()).toBe('2,000 / 2,000 characters');
    await send.click();
    await message(contractor, 'zzzz').waitFor();
    expect(posts).toHaveLength(1);
    expect((JSON.parse(posts[0]!) as { message: string }).message).toHaveLength(2000);
    await expect.poll(() => counter.count()).toBe(0);
  });

  describe.each(viewports)('at $width×$height, $colorScheme', (viewport) => {
    const suffix = viewportName(viewport);

    it('lays the dialogs out without overflow', async () => {
      const { contractor, client, projectId } = await projectForTwo(viewport);
      // A conversation, with a long word and a long message, read by both.
      const say = (page: Page, text: string) => page.request.post('/api/chat', { data: { projectId, message: text, messageType: 'chat' } });
      await say(contractor, 'Hi Chris, the tile for the kitchen backsplash arrives Monday morning.');
      await say(client, 'Great! Can you send me a photo of the grout sample first?');
      await say(contractor, 'Sure: https://example.com/samples/grout/warm-grey-with-a-very-long-address-that-does-not-break-anywhere');
      await client.request.put(`/api/chat/${projectId}/mark-all-read`, { data: { userType: 'client', readByClient: true } });
      await say(contractor, 'Also, the plumber comes on Wednesday between 9 and 11.');
      const rooms = (await (await contractor.request.get(`/api/projects/${projectId}/rooms`)).json()) as { id: string; type: string }[];
      const items = (await (await contractor.request.get(`/api/rooms/${rooms.find((room) => room.type === 'kitchen')!.id}/items`)).json()) as { id: string }[];
      await client.request.patch(`/api/checklist-items/${items[0]!.id}`, { data: { clientCompleted: true, purchasesMade: true } });

      await contractor.goto(`/project/${projectId}`);
      await joinDialog(contractor).waitFor();
      await settled(contractor);
      await expectNothingOverflows(contractor, joinDialog(contractor));
      await shot(contractor, `chat-join-${suffix}`);

      await join(contractor);
      await message(contractor, 'the plumber comes').waitFor();
      // The client read all but the last: that one is Unseen to the contractor, even with their chat open.
      await expect.poll(() => message(contractor, 'the tile for the kitchen').getByTestId('read-state').textContent()).toBe('Seen by One');
      expect(await message(contractor, 'the plumber comes').getByTestId('read-state').textContent()).toBe('Unseen');
      // A reply near the length limit shows its counter.
      await chatDialog(contractor).getByRole('textbox', { name: 'Message' }).fill(`Typing a reply… ${'and more '.repeat(220)}`.trim());
      await chatDialog(contractor).locator('#chat-message-length').waitFor();
      await settled(contractor);
      // The newest message is in view.
      expect(await message(contractor, 'the plumber comes').isVisible()).toBe(true);
      const box = await chatDialog(contractor).boundingBox();
      expect(Math.round(box!.height)).toBe(600);
      expect(box!.width).toBeLessThanOrEqual(672);
      await expectNothingOverflows(contractor, chatDialog(contractor));
      await shot(contractor, `chat-modal-${suffix}`);
      // Own (blue) and the other side's (grey) bubbles, their names, times and read states, in
      // this scheme: every text at 4.5:1 at least (color-contrast), the messages a real list.
      expect(await dialogViolations(contractor)).toEqual([]);
      await contractor.keyboard.press('Escape');

      expect(await badgeText(historyButton(contractor))).toBe('2');
      await shot(contractor, `chat-header-badge-${suffix}`);
      await historyButton(contractor).click();
      await historyDialog(contractor).getByTestId('history-entry').first().waitFor();
      await settled(contractor);
      await expectNothingOverflows(contractor, historyDialog(contractor));
      await shot(contractor, `history-${suffix}`);
      // Nor in the history, in this scheme and at this size.
      expect(await dialogViolations(contractor)).toEqual([]);
    });
  });
});
