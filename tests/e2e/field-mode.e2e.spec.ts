import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { thumbnailPathOf } from '../../events/uploads/object-paths';
import { eventStore } from '../../functions/commands/event-store';
import { accessibleInBothSchemes, expectNoHorizontalOverflow, otherScheme, screenshot, settled, tick, type Viewport, viewportName, viewportsEachInBothSchemes } from '../support/browser';
import { newAccount, registerByApi } from '../support/browser-accounts';
import { keptOnDevice, serviceWorkerReaches, setNetwork, useOfflinePages, whenControlled } from '../support/offline';

/**
 * Field mode's writing side in real Chromium (issue 29): changes made with no network wait in the
 * outbox (IndexedDB), survive the page being closed, and land on the server exactly once, in order,
 * when the network is back; the other person's open page shows them as they land. Two people's
 * edits of the same text are a decision for the one who was offline, never an overwrite; a replay
 * cut halfway finishes later with nothing twice.
 */

const openPage = useOfflinePages();

/** A real 8×8 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAK0lEQVR4nGO4dv4QBP3/8XrL2gUQ9P/HawbSJf7/eI0VMSCrQtZNhgQuOwA166AJHKhgqwAAAABJRU5ErkJggg==',
  'base64',
);

interface Item {
  id: string;
  name: string;
  roomId: string;
  details: string;
  referenceLinks: string[];
  referenceImages: string[];
  cabinetDetails: Record<string, unknown> | null;
  purchasesMade: boolean;
  contractorCompleted: boolean;
}
interface ChecklistAnswer {
  rooms: { id: string; name: string; customName: string | null; type: string; items: Item[] }[];
}

/** A contractor and a client (registered first, so assigned) on one new project; `view` sizes and colours both pages. */
async function projectForTwo(view?: Viewport) {
  const contractor = await openPage(view);
  const client = await openPage(view);
  const clientAccount = newAccount('client');
  await registerByApi(client, clientAccount, { joinChat: true });
  await registerByApi(contractor, newAccount('contractor'), { joinChat: true });
  const created = await contractor.request.post('/api/projects', {
    data: { name: 'Birch Lane Renovation', address: '7 Birch Lane, Springfield', clientName: 'Chris Owner', clientEmail: clientAccount.email },
  });
  expect(created.status()).toBe(201);
  const { id: projectId } = (await created.json()) as { id: string };
  return { contractor, client, projectId };
}

async function checklistByApi(page: Page, projectId: string): Promise<ChecklistAnswer> {
  const response = await page.request.get(`/api/projects/${projectId}/checklist`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ChecklistAnswer;
}

async function itemByApi(page: Page, projectId: string, room: string, name: string): Promise<Item> {
  const checklist = await checklistByApi(page, projectId);
  const found = checklist.rooms.find((entry) => (entry.customName ?? entry.name) === room)?.items.find((entry) => entry.name === name);
  if (!found) throw new Error(`No ${name} in ${room}`);
  return found;
}

const patchByApi = async (page: Page, itemId: string, data: Record<string, unknown>) => expect((await page.request.patch(`/api/checklist-items/${itemId}`, { data })).status()).toBe(200);

const room = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const item = (scope: Locator, name: string) => scope.getByRole('article', { name, exact: true });
const syncStatus = (page: Page) => page.getByRole('banner').getByTestId('sync-status');
const decisionsButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Needs your decision \(\d+\)$/ });
/** The button's name (its words; a narrow header shows only its figure). */
const decisionsName = (page: Page) => decisionsButton(page).getAttribute('title');
const chatDialog = (page: Page) => page.getByRole('dialog', { name: 'Project Chat' });

/** Waits for the sync indicator to read exactly `text` (a replay on a busy machine takes a while: a generous ceiling). */
const indicatorReads = (page: Page, text: string) => expect.poll(() => syncStatus(page).getByTestId('sync-text').textContent(), { timeout: 60_000 }).toBe(text);

/** The checklist opened and drawn, with the service worker in control (so that it can open again with no network). */
async function openChecklist(page: Page, path: string) {
  await page.goto(path);
  await room(page, 'Kitchen').waitFor();
  await whenControlled(page);
  await room(page, 'Kitchen').waitFor();
  await item(room(page, 'Kitchen'), 'Countertops').waitFor();
}

/** Waits until the device's copy holds the project's checklist (it is saved once the page is idle, then a second after each change; a busy machine is seldom idle). */
const waitUntilKept = (page: Page, projectId: string) => expect.poll(async () => (await keptOnDevice(page)).includes(`"projects","${projectId}","checklist"`), { timeout: 60_000 }).toBe(true);

/** Cuts the person's network (page and service worker) and proves the worker cannot reach the server. */
async function goOffline(page: Page) {
  await setNetwork(page, false);
  expect(await serviceWorkerReaches(page)).toBe(false);
}

/** The project's events, in the order they were recorded, with the device time of those that came from the outbox. */
async function projectEvents(projectId: string) {
  const events = await eventStore().readRawProjectEvents(projectId);
  return events.map((event) => ({ type: event.type, deviceTime: (event.meta as { deviceTime?: string }).deviceTime, data: event.data as Record<string, unknown> }));
}

const countByType = (events: readonly { type: string }[]) => events.reduce<Record<string, number>>((counts, { type }) => ({ ...counts, [type]: (counts[type] ?? 0) + 1 }), {});

/** Fills an autosaved field and waits until its save has left the field (kept in the outbox when offline). */
async function fillAndSave(scope: Locator, field: Locator, text: string) {
  await field.fill(text);
  await scope.getByText('Saving...').waitFor();
  await scope.getByText('Saving...').waitFor({ state: 'hidden' });
}

async function addLink(page: Page, scope: Locator, url: string) {
  page.once('dialog', (dialog) => void dialog.accept(url));
  await scope.getByRole('button', { name: 'Add Link', exact: true }).click();
  await scope.getByRole('button', { name: 'Save Links' }).click();
  await scope.getByRole('button', { name: 'Save Links' }).waitFor({ state: 'hidden' });
}

async function addPhoto(page: Page, button: Locator, name: string) {
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Add Photo' });
  await dialog.getByRole('tab', { name: 'Upload File' }).click();
  await dialog.getByText(/Offline: the photo is kept on this device/).waitFor();
  await dialog.getByLabel('Choose a photo').setInputFiles({ name, mimeType: 'image/png', buffer: png });
  await dialog.waitFor({ state: 'hidden' });
}

async function sendChat(page: Page, text: string) {
  const box = chatDialog(page).getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await chatDialog(page).getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => box.inputValue()).toBe('');
}

/** The outbox's commands, read from IndexedDB as the app keeps them. */
const outboxCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('cc-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('commands').objectStore('commands').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );

describe('field mode: changes made offline', () => {
  it('opens offline, keeps 20 changes of every kind through a closed page, and lands each once, in order, live on the other page', async () => {
    const { contractor, client, projectId } = await projectForTwo();
    const before = await checklistByApi(contractor, projectId);
    const kitchen = before.rooms.find((entry) => entry.type === 'kitchen')!;
    const countertops = kitchen.items.find((entry) => entry.name === 'Countertops')!;
    // Two links to start with: one is removed offline.
    await patchByApi(contractor, countertops.id, { referenceLinks: ['https://example.com/old-sample', 'https://example.com/keep'] });

    await openChecklist(client, `/client-project/${projectId}`);
    await openChecklist(contractor, `/project/${projectId}`);
    await indicatorReads(contractor, 'All changes saved');
    const eventsBefore = (await projectEvents(projectId)).length;
    await waitUntilKept(contractor, projectId);

    await goOffline(contractor);
    // Opens from the device: the app from the service worker, the checklist from the kept reads.
    await contractor.reload();
    await item(room(contractor, 'Kitchen'), 'Countertops').waitFor();
    await indicatorReads(contractor, 'Offline — no changes waiting');

    const kitchenCard = room(contractor, 'Kitchen');
    const counters = item(kitchenCard, 'Countertops');
    const sink = item(kitchenCard, 'Kitchen Sink');
    const cabinets = item(kitchenCard, 'Kitchen Cabinets');
    const backsplash = item(kitchenCard, 'Backsplash');

    // Flags (5).
    await tick(counters.getByRole('checkbox', { name: 'Selected' }));
    await tick(counters.getByRole('checkbox', { name: 'Purchased' }));
    await tick(sink.getByRole('checkbox', { name: 'Selected' }));
    await tick(sink.getByRole('checkbox', { name: 'Purchased' }));
    await tick(cabinets.getByRole('checkbox', { name: 'Purchased' }));
    await indicatorReads(contractor, 'Offline — 5 changes waiting');
    // Details (2), Tile (1), a cabinet field (1).
    await fillAndSave(counters, counters.getByRole('textbox', { name: 'Details' }), 'Quartz, eased edge');
    await fillAndSave(sink, sink.getByRole('textbox', { name: 'Details' }), 'Undermount, 60/40 split');
    await fillAndSave(backsplash, backsplash.getByLabel('Tile'), 'White subway 3x6');
    await fillAndSave(cabinets, cabinets.getByLabel('Style', { exact: true }), 'Shaker');
    // A link added (1) and one removed (1).
    await addLink(contractor, counters, 'https://example.com/quartz');
    await counters.getByRole('button', { name: 'Remove link 1' }).click();
    await counters.getByRole('button', { name: 'Save Links' }).click();
    await counters.getByRole('button', { name: 'Save Links' }).waitFor({ state: 'hidden' });
    // Two photos (2): the item's own, and a cabinet part's. Each shows from the device.
    await addPhoto(contractor, counters.getByRole('button', { name: 'Add Photo', exact: true }), 'slab.png');
    await counters.getByText('Waiting to upload').waitFor();
    await addPhoto(contractor, cabinets.getByRole('button', { name: 'Add Style photo' }), 'door.png');
    await cabinets.getByText('Waiting to upload').waitFor();
    // A room (1), renamed (1), an item in it (1) and one in the kitchen (1).
    await contractor.getByRole('toolbar', { name: 'Add rooms' }).getByRole('button', { name: 'Add Bedroom' }).click();
    const newRoom = room(contractor, 'Bedroom 2');
    await newRoom.waitFor();
    await newRoom.getByRole('button', { name: 'Rename Bedroom 2' }).click();
    await newRoom.getByRole('textbox', { name: 'Room name' }).fill('Guest Bedroom');
    await newRoom.getByRole('button', { name: 'Save' }).click();
    const guest = room(contractor, 'Guest Bedroom');
    await guest.waitFor();
    await guest.getByRole('button', { name: 'Add Item' }).first().click();
    await expect.poll(() => guest.getByRole('article').count()).toBe(1);
    const kitchenItems = await kitchenCard.getByRole('article').count();
    await kitchenCard.getByRole('button', { name: 'Add Item' }).first().click();
    await expect.poll(() => kitchenCard.getByRole('article').count()).toBe(kitchenItems + 1);
    // The lock box code (1).
    await fillAndSave(contractor.locator('main'), contractor.getByLabel('Project Lock Box Code'), '4321');
    // Two chat messages (2): 'Sending…' until the server has them.
    await contractor.getByRole('banner').getByRole('button', { name: /^Chat/ }).click();
    await sendChat(contractor, 'On site now, no signal in the basement.');
    await sendChat(contractor, 'Countertop slab photo attached.');
    await expect.poll(() => chatDialog(contractor).getByTestId('read-state').allTextContents()).toEqual(['Sending…', 'Sending…']);
    await chatDialog(contractor).getByRole('button', { name: 'Close' }).click();
    await indicatorReads(contractor, 'Offline — 20 changes waiting');
    // Nothing has reached the server.
    expect((await projectEvents(projectId)).length).toBe(eventsBefore);

    // The page closed, a new one opened with no network: the outbox is still there, and still shown.
    const context = contractor.context();
    await contractor.close();
    const again = await context.newPage();
    await again.goto(`/project/${projectId}`);
    await item(room(again, 'Kitchen'), 'Countertops').waitFor();
    expect(await outboxCount(again)).toBe(20);
    await indicatorReads(again, 'Offline — 20 changes waiting');
    expect(await item(room(again, 'Kitchen'), 'Countertops').getByRole('textbox', { name: 'Details' }).inputValue()).toBe('Quartz, eased edge');
    await room(again, 'Guest Bedroom').waitFor();

    // Back online: the outbox replays, and the indicator ends at 'All changes saved'.
    await setNetwork(again, true);
    await indicatorReads(again, 'All changes saved');
    expect(await outboxCount(again)).toBe(0);

    // On the server exactly once, in the order they were made.
    const landed = (await projectEvents(projectId)).slice(eventsBefore);
    const fromOutbox = landed.filter((event) => event.deviceTime);
    const counts = countByType(fromOutbox);
    const afterServer = await checklistByApi(client, projectId);
    const guestRoom = afterServer.rooms.find((entry) => entry.customName === 'Guest Bedroom')!;
    expect(guestRoom).toBeDefined();
    // The new room's template items come with its RoomAdded (same request, same device time).
    const templateItems = guestRoom.items.length - 1;
    expect(counts).toEqual({
      ItemFlagSet: 5,
      ItemDetailsEdited: 3,
      CabinetDetailsEdited: 2,
      ItemListChanged: 3,
      PhotoPublished: 2,
      RoomAdded: 1,
      RoomRenamed: 1,
      ItemAdded: 2 + templateItems,
      LockBoxCodeSet: 1,
      MessagePosted: 2,
    });
    const deviceTimes = fromOutbox.map((event) => event.deviceTime!);
    expect(deviceTimes).toEqual([...deviceTimes].sort());

    const kitchenNow = afterServer.rooms.find((entry) => entry.type === 'kitchen')!;
    const countersNow = kitchenNow.items.find((entry) => entry.name === 'Countertops')!;
    expect(countersNow).toMatchObject({ details: 'Quartz, eased edge', contractorCompleted: true, purchasesMade: true, referenceLinks: ['https://example.com/keep', 'https://example.com/quartz'] });
    expect(countersNow.referenceImages).toHaveLength(1);
    expect(countersNow.referenceImages[0]).toMatch(/^\/objects\//);
    const cabinetsNow = kitchenNow.items.find((entry) => entry.name === 'Kitchen Cabinets')!;
    expect(cabinetsNow.cabinetDetails).toMatchObject({ style: 'Shaker' });
    expect(cabinetsNow.cabinetDetails?.styleImages).toEqual([expect.stringMatching(/^\/objects\//)]);
    const chat = (await (await client.request.get(`/api/projects/${projectId}/chat`)).json()) as { message: string }[];
    expect(chat.filter((entry) => entry.message === 'On site now, no signal in the basement.')).toHaveLength(1);
    expect(chat.filter((entry) => entry.message === 'Countertop slab photo attached.')).toHaveLength(1);

    // The client's page, open all along, shows them as they landed.
    const clientKitchen = room(client, 'Kitchen');
    await expect.poll(() => item(clientKitchen, 'Countertops').getByRole('textbox', { name: 'Details' }).inputValue()).toBe('Quartz, eased edge');
    await expect.poll(() => item(clientKitchen, 'Countertops').getByRole('checkbox', { name: 'Purchased' }).isChecked()).toBe(true);
    await room(client, 'Guest Bedroom').waitFor();
    await expect.poll(() => item(clientKitchen, 'Countertops').getByRole('img', { name: 'Reference Images 1' }).count()).toBe(1);
    // And the contractor's shows the photos from the server now.
    await expect.poll(() => item(room(again, 'Kitchen'), 'Countertops').getByText('Waiting to upload').count()).toBe(0);
    // Issue 30: its thumbnail, fetched once near the window.
    await item(room(again, 'Kitchen'), 'Countertops').scrollIntoViewIfNeeded();
    await expect.poll(() => item(room(again, 'Kitchen'), 'Countertops').getByRole('img', { name: 'Reference Images 1' }).getAttribute('src')).toMatch(/^\/objects\/.+\?size=thumb$/);
  });

  it("keeps both texts when the client edited the same details online, and the contractor's decision lands", async () => {
    const { contractor, client, projectId } = await projectForTwo();
    await openChecklist(contractor, `/project/${projectId}`);
    await openChecklist(client, `/client-project/${projectId}`);
    const counters = item(room(contractor, 'Kitchen'), 'Countertops');
    const sink = item(room(contractor, 'Kitchen'), 'Kitchen Sink');

    await goOffline(contractor);
    await fillAndSave(counters, counters.getByRole('textbox', { name: 'Details' }), 'Quartz, mitred edge');
    await fillAndSave(sink, sink.getByRole('textbox', { name: 'Details' }), 'Undermount steel');
    // Meanwhile the client, online, writes the same two texts differently.
    const clientCounters = item(room(client, 'Kitchen'), 'Countertops');
    const clientSink = item(room(client, 'Kitchen'), 'Kitchen Sink');
    await fillAndSave(clientCounters, clientCounters.getByRole('textbox', { name: 'Details' }), 'Granite, please');
    await fillAndSave(clientSink, clientSink.getByRole('textbox', { name: 'Details' }), 'Farmhouse sink');

    await setNetwork(contractor, true);
    await decisionsButton(contractor).waitFor();
    await expect.poll(() => decisionsName(contractor)).toBe('Needs your decision (2)');
    await indicatorReads(contractor, 'All changes saved');
    // Nothing overwritten: the server still has the client's texts, and the page shows them, with both versions to decide.
    expect((await itemByApi(client, projectId, 'Kitchen', 'Countertops')).details).toBe('Granite, please');
    expect(await counters.getByRole('textbox', { name: 'Details' }).inputValue()).toBe('Granite, please');
    const decision = counters.getByTestId('decision');
    await decision.getByText('Quartz, mitred edge').waitFor();
    await decision.getByText('Granite, please').waitFor();

    // 'Merge by hand' on the item: a text with both, saved as typed.
    await decision.getByRole('button', { name: 'Merge by hand' }).click();
    const merged = decision.getByRole('textbox', { name: 'Details, merged' });
    expect(await merged.inputValue()).toBe('Quartz, mitred edge\nGranite, please');
    await merged.fill('Granite, mitred edge');
    await decision.getByRole('button', { name: 'Save merged text' }).click();
    await expect.poll(async () => (await itemByApi(client, projectId, 'Kitchen', 'Countertops')).details).toBe('Granite, mitred edge');
    await expect.poll(() => decisionsName(contractor)).toBe('Needs your decision (1)');

    // 'Keep mine' from the header's list: mine lands over theirs.
    await decisionsButton(contractor).click();
    const list = contractor.getByRole('dialog', { name: 'Needs your decision' });
    await list.getByText('Farmhouse sink').waitFor();
    await list.getByRole('button', { name: 'Keep mine' }).click();
    await list.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await itemByApi(client, projectId, 'Kitchen', 'Kitchen Sink')).details).toBe('Undermount steel');
    expect(await decisionsButton(contractor).count()).toBe(0);
    await indicatorReads(contractor, 'All changes saved');
    // The client sees the decisions live.
    await expect.poll(() => clientCounters.getByRole('textbox', { name: 'Details' }).inputValue()).toBe('Granite, mitred edge');
    await expect.poll(() => clientSink.getByRole('textbox', { name: 'Details' }).inputValue()).toBe('Undermount steel');
  });

  it('finishes a replay cut halfway later, with nothing twice', async () => {
    const { contractor, projectId } = await projectForTwo();
    await openChecklist(contractor, `/project/${projectId}`);
    const counters = item(room(contractor, 'Kitchen'), 'Countertops');
    await goOffline(contractor);
    await contractor.getByRole('banner').getByRole('button', { name: /^Chat/ }).click();
    for (const text of ['First message', 'Second message', 'Third message']) await sendChat(contractor, text);
    await chatDialog(contractor).getByRole('button', { name: 'Close' }).click();
    await tick(counters.getByRole('checkbox', { name: 'Purchased' }));
    await fillAndSave(counters, counters.getByRole('textbox', { name: 'Details' }), 'Quartz');
    await indicatorReads(contractor, 'Offline — 5 changes waiting');

    // Back online, the network drops after one answer: the second request reaches the server, its answer is lost.
    let writes = 0;
    const cut = async (route: Parameters<Parameters<BrowserContext['route']>[1]>[0]) => {
      if (route.request().method() === 'GET') return route.fallback();
      writes++;
      if (writes === 1) return route.fallback();
      if (writes === 2) await route.fetch();
      return route.abort('internetdisconnected');
    };
    await contractor.context().route('**/api/**', cut);
    await setNetwork(contractor, true);
    await expect.poll(() => writes).toBeGreaterThanOrEqual(2);
    await indicatorReads(contractor, 'Offline — 4 changes waiting');
    await contractor.context().unroute('**/api/**', cut);

    // Later (the outbox tries again by itself) it finishes, the second message posted once.
    await indicatorReads(contractor, 'All changes saved');
    const chat = (await (await contractor.request.get(`/api/projects/${projectId}/chat`)).json()) as { message: string }[];
    expect(chat.map((entry) => entry.message).filter((text) => text.endsWith('message'))).toEqual(['First message', 'Second message', 'Third message']);
    const posted = (await projectEvents(projectId)).filter((event) => event.type === 'MessagePosted' && event.deviceTime);
    expect(posted).toHaveLength(3);
    expect(await itemByApi(contractor, projectId, 'Kitchen', 'Countertops')).toMatchObject({ purchasesMade: true, details: 'Quartz' });
  });

  it('uploads a photo taken offline when the network is back, resuming at the step that failed', async () => {
    const { contractor, projectId } = await projectForTwo();
    await openChecklist(contractor, `/project/${projectId}`);
    const counters = item(room(contractor, 'Kitchen'), 'Countertops');
    await goOffline(contractor);
    await addPhoto(contractor, counters.getByRole('button', { name: 'Add Photo', exact: true }), 'slab.png');
    await counters.getByRole('img', { name: 'Reference Images 1, waiting to upload' }).waitFor();
    await indicatorReads(contractor, 'Offline — 1 change waiting');

    // Online, the file's POST to storage fails once: the form asked for is kept, and used when the outbox tries again.
    const steps: string[] = [];
    contractor.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() !== 'GET' && request.method() !== 'OPTIONS') steps.push(`${request.method()} ${pathname.startsWith('/api/') ? pathname.replace(/[0-9a-f-]{36}/, '{id}') : 'storage'}`);
    });
    const toStorage = (url: URL) => url.href.startsWith(`${process.env.AWS_ENDPOINT_URL_S3}/`);
    await contractor.route(toStorage, (route) => (route.request().method() === 'POST' ? route.abort('connectionreset') : route.fallback()), { times: 1 });
    await setNetwork(contractor, true);
    await indicatorReads(contractor, 'All changes saved');
    expect(steps).toEqual(['POST /api/objects/upload', 'POST storage', 'POST storage', 'PUT /api/objects/acl', 'PATCH /api/checklist-items/{id}']);
    const shown = counters.getByRole('img', { name: 'Reference Images 1' });
    await shown.waitFor();
    await shown.scrollIntoViewIfNeeded();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
    // Issue 30: drawn from its thumbnail.
    expect((await itemByApi(contractor, projectId, 'Kitchen', 'Countertops')).referenceImages.map(thumbnailPathOf)).toEqual([await shown.getAttribute('src')]);
  });

  it("refuses an approval made offline of a selection that changed meanwhile, and says which", async () => {
    const { contractor, client, projectId } = await projectForTwo();
    await openChecklist(client, `/client-project/${projectId}`);
    const counters = item(room(client, 'Kitchen'), 'Countertops');
    await goOffline(client);
    await counters.getByRole('button', { name: 'Approve Countertops' }).click();
    // Shown as approved while it waits.
    await counters.getByText(/^Approved by You on/).waitFor();
    await indicatorReads(client, 'Offline — 1 change waiting');
    // Meanwhile the contractor changes the selection.
    await patchByApi(contractor, (await itemByApi(contractor, projectId, 'Kitchen', 'Countertops')).id, { details: 'Soapstone, honed' });

    await setNetwork(client, true);
    await client.getByRole('region', { name: 'Notifications (F8)' }).getByText(/^Approved Countertops: The selection changed since you saw it/).waitFor();
    await indicatorReads(client, 'All changes saved');
    await expect.poll(() => counters.getByText(/^Approved by/).count()).toBe(0);
    await expect.poll(() => counters.getByRole('textbox', { name: 'Details' }).inputValue()).toBe('Soapstone, honed');
    expect((await itemByApi(client, projectId, 'Kitchen', 'Countertops')) as unknown).toMatchObject({ approval: null });
  });

  for (const view of viewportsEachInBothSchemes) {
    const suffix = viewportName(view);
    const other = otherScheme(view.colorScheme);
    it(`shows the indicator's states and the decision accessibly (${suffix}, and ${other})`, async () => {
      const { contractor, client, projectId } = await projectForTwo(view);
      await openChecklist(contractor, `/project/${projectId}`);
      const counters = item(room(contractor, 'Kitchen'), 'Countertops');
      const header = contractor.getByRole('banner');
      // At the top of the page (the header and its indicator in sight; nothing under the sticky action bar for axe to find
      // covered), or the one part `part` shows.
      // In the page's scheme, then its colours in the other one.
      const look = async (name: string, part?: Locator) => {
        await contractor.evaluate(() => window.scrollTo(0, 0));
        await settled(contractor);
        await expectNoHorizontalOverflow(contractor);
        await accessibleInBothSchemes(contractor, view.colorScheme, async (scheme) => {
          const path = `field-mode-${name}-${viewportName({ ...view, colorScheme: scheme })}`;
          await screenshot(part ?? contractor, path, { fullPage: false });
        });
      };
      await indicatorReads(contractor, 'All changes saved');
      await look('saved');

      await goOffline(contractor);
      await tick(counters.getByRole('checkbox', { name: 'Purchased' }));
      await fillAndSave(counters, counters.getByRole('textbox', { name: 'Details' }), 'Quartz, mitred edge');
      await indicatorReads(contractor, 'Offline — 2 changes waiting');
      await look('offline');

      // Someone else changes the same text; the replay is held at its first write, to be seen syncing.
      await patchByApi(client, (await itemByApi(client, projectId, 'Kitchen', 'Countertops')).id, { details: 'Granite, please' });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await contractor.route('**/api/checklist-items/*', async (route) => {
        await held;
        await route.fallback();
      });
      await setNetwork(contractor, true);
      await indicatorReads(contractor, 'Syncing 1 of 2');
      await look('syncing');
      release();
      await decisionsButton(contractor).waitFor();
      await indicatorReads(contractor, 'All changes saved');
      await look('decision-on-item', counters);
      await header.getByRole('button', { name: 'Needs your decision (1)' }).click();
      const list = contractor.getByRole('dialog', { name: 'Needs your decision' });
      await list.getByRole('button', { name: 'Merge by hand' }).waitFor();
      await look('decision-list');
      await list.getByRole('button', { name: 'Merge by hand' }).click();
      await look('decision-merging', list);
      // Ten axe scans and screenshots: 60–85 s alone, over the 180 s default beside a loaded suite (load 16–20).
    }, 360_000);
  }
});
