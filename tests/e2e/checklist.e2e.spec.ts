import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalOverflow, screenshot, settled, tick, usePages, viewportName, viewports } from '../support/browser';
import { newAccount, registerByApi } from '../support/browser-accounts';
import { fakeBigProject } from '../support/browser-big-checklist';

/** The project checklist page in real Chromium against the local cloud (issue 6): a contractor and a client on one project. */

const openPages = usePages();
const openPage = async (options?: Parameters<typeof openPages>[0]) => {
  const page = await openPages(options);
  await page.route(pixel, (route) => route.fulfill({ contentType: 'image/svg+xml', body: tileSvg }));
  return page;
};

/** A contractor and a client (registered first) on one new project, made through the API. */
async function projectForTwo(options: Parameters<typeof openPage>[0] = {}) {
  const contractor = await openPage(options);
  const client = await openPage(options);
  const clientAccount = newAccount('client');
  await registerByApi(client, clientAccount, { joinChat: true });
  await registerByApi(contractor, newAccount('contractor'), { joinChat: true });
  const response = await contractor.request.post('/api/projects', {
    data: { name: 'Birch Lane Renovation', address: '7 Birch Lane, Springfield', clientName: 'Chris Owner', clientEmail: clientAccount.email },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { contractor, client, projectId: id };
}

async function statsByApi(page: Page, projectId: string) {
  const response = await page.request.get(`/api/projects/${projectId}/stats`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { total: number; completed: number; contractorCompleted: number; clientCompleted: number };
}

/** The page's API calls from now on, as `GET /api/…` lines, in the order sent. */
function apiCallsOf(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(`${request.method()} ${pathname}`);
  });
  return calls;
}

const toast = (page: Page, text: string) => page.getByRole('region', { name: 'Notifications (F8)' }).getByText(text, { exact: true });
const seeToast = (page: Page, text: string) => toast(page, text).waitFor();
const room = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const item = (scope: Locator, name: string) => scope.getByRole('article', { name, exact: true });
const bar = (page: Page, name: string) => page.getByRole('progressbar', { name, exact: true });

/**
 * A full-page screenshot of the checklist. Item cards skip drawing while off screen
 * (content-visibility), which a full-page capture would show as blank boxes, so they are drawn first.
 */
async function pageShot(page: Page, name: string) {
  await page.addStyleTag({ content: '.item-card { content-visibility: visible !important; }' });
  await settled(page);
  await screenshot(page, name);
}

/**
 * A small tile picture at an https address (stored images must be http(s) or our /objects/
 * paths), answered by the test itself so it loads without the network.
 */
const pixel = 'https://images.example/tile.svg';
const tileSvg =
  "<svg xmlns='http://www.w3.org/2000/svg' width='80' height='80'><rect width='80' height='80' fill='#d6cfc4'/><path d='M0 27h80M0 54h80M40 0v27M20 27v27M60 27v27M40 54v26' stroke='#fff' stroke-width='3'/></svg>";

describe('project checklist in the browser', () => {
  it('lets the contractor and the client work one project together', async () => {
    const { contractor, client, projectId } = await projectForTwo();

    await contractor.goto(`/project/${projectId}`);
    await contractor.getByRole('heading', { name: 'Birch Lane Renovation', level: 1 }).waitFor();
    await contractor.getByText('7 Birch Lane, Springfield').waitFor();
    await contractor.getByRole('link', { name: 'Back to Projects' }).waitFor();
    // The template's groups, in the spec's order, with their counts.
    await expect
      .poll(() => contractor.locator('main h2[id^="group-"]').allTextContents())
      .toEqual(['Whole Home', 'Kitchens', 'Living Rooms', 'Dining Rooms', 'Bathrooms', 'Bedrooms', 'Laundry']);
    await contractor.getByRole('region', { name: 'Whole Home' }).getByText('2 rooms', { exact: true }).waitFor();
    await contractor.getByRole('region', { name: 'Bedrooms' }).getByText('1 room', { exact: true }).waitFor();
    await room(contractor, 'Interior').waitFor();
    expect(await room(contractor, 'Interior').getByRole('button', { name: /^Delete Interior$/ }).count()).toBe(0);

    // Add a bedroom: numbered by the server.
    await contractor.getByRole('button', { name: 'Add Bedroom' }).click();
    await seeToast(contractor, 'Room Added');
    await room(contractor, 'Bedroom 2').waitFor();
    await contractor.getByRole('region', { name: 'Bedrooms' }).getByText('2 rooms', { exact: true }).waitFor();

    // Rename with Enter; the box suggests the next number first.
    await room(contractor, 'Living Room').getByRole('button', { name: 'Rename Living Room' }).click();
    const nameBox = contractor.getByRole('textbox', { name: 'Room name' });
    expect(await nameBox.inputValue()).toBe('Living Room 1');
    await nameBox.fill('   ');
    await nameBox.press('Enter');
    expect(await nameBox.isVisible()).toBe(true);
    await nameBox.fill('Family Room');
    await nameBox.press('Enter');
    await seeToast(contractor, 'Room Updated');
    await room(contractor, 'Family Room').waitFor();
    // Escape goes back without saving.
    await room(contractor, 'Family Room').getByRole('button', { name: 'Rename Family Room' }).click();
    await nameBox.fill('Den');
    await nameBox.press('Escape');
    await room(contractor, 'Family Room').waitFor();

    // Delete asks twice.
    await room(contractor, 'Bedroom 2').getByRole('button', { name: 'Delete Bedroom 2' }).click();
    const first = contractor.getByRole('alertdialog', { name: 'Delete Room' });
    await first.getByText('Are you sure you want to delete this room? This action cannot be undone.').waitFor();
    await first.getByRole('button', { name: 'Delete', exact: true }).click();
    const final = contractor.getByRole('alertdialog', { name: 'Final Confirmation' });
    await final.getByText(/and ALL of its checklist items/).waitFor();
    await settled(contractor);
    await screenshot(contractor, 'checklist-delete-room-final-1280x800-light', { fullPage: false });
    await final.getByRole('button', { name: 'Delete Permanently' }).click();
    await seeToast(contractor, 'Room Deleted');
    await room(contractor, 'Bedroom 2').waitFor({ state: 'detached' });
    await contractor.getByRole('region', { name: 'Bedrooms' }).getByText('1 room', { exact: true }).waitFor();

    // Flags: the contractor ticks Selected and Purchased on the countertops.
    const { total } = await statsByApi(contractor, projectId);
    const onePercent = String(Math.round(100 / total));
    const kitchen = room(contractor, 'Kitchen');
    const countertops = item(kitchen, 'Countertops');
    await tick(countertops.getByRole('checkbox', { name: 'Selected' }));
    await tick(countertops.getByRole('checkbox', { name: 'Purchased' }));
    expect(await countertops.getByRole('checkbox', { name: 'Installed' }).isDisabled()).toBe(true);
    expect(await countertops.getByRole('checkbox', { name: 'Purchased' }).getAttribute('data-tone')).toBe('red');
    expect(await item(kitchen, 'Kitchen Faucet').getByRole('checkbox', { name: 'Purchased' }).getAttribute('data-tone')).toBe('green');
    await expect.poll(() => bar(contractor, 'Contractor Progress').getAttribute('aria-valuenow')).toBe(onePercent);
    expect(await countertops.getByRole('img', { name: 'Not complete' }).count()).toBe(1);
    expect(await kitchen.getByTestId('room-badge').textContent()).toBe('0/6 Complete');
    await expect.poll(async () => (await statsByApi(contractor, projectId)).contractorCompleted).toBe(1);

    // Details typed by the contractor save themselves.
    const details = countertops.getByLabel('Details');
    await details.fill('Quartz, eased edge');
    await countertops.getByText('Saving...').waitFor();
    await countertops.getByText('Saving...').waitFor({ state: 'hidden' });

    // A link (asked for with a prompt) is saved with Save Links; a blank answer adds nothing.
    contractor.once('dialog', (dialog) => void dialog.accept('   '));
    await countertops.getByRole('button', { name: 'Add Link' }).click();
    expect(await countertops.getByRole('textbox', { name: 'Link 1' }).count()).toBe(0);
    contractor.once('dialog', (dialog) => void dialog.accept('https://example.com/quartz'));
    await countertops.getByRole('button', { name: 'Add Link' }).click();
    expect(await countertops.getByRole('textbox', { name: 'Link 1' }).inputValue()).toBe('https://example.com/quartz');
    await countertops.getByRole('link', { name: 'Open link 1' }).waitFor();
    // The same link again is not added.
    contractor.once('dialog', (dialog) => void dialog.accept('https://example.com/quartz'));
    await countertops.getByRole('button', { name: 'Add Link' }).click();
    expect(await countertops.getByRole('textbox', { name: 'Link 2' }).count()).toBe(0);
    await countertops.getByRole('button', { name: 'Save Links' }).click();
    // Shown only while there is something to save.
    await countertops.getByRole('button', { name: 'Save Links' }).waitFor({ state: 'detached' });

    // A URL image and a broken one, saved at once.
    await countertops.getByRole('button', { name: 'Add Photo' }).click();
    const photo = contractor.getByRole('dialog', { name: 'Add Photo' });
    await photo.getByRole('tab', { name: 'Upload File' }).click();
    await photo.getByText('Max 10MB').waitFor();
    await photo.getByRole('tab', { name: 'From URL' }).click();
    expect(await photo.getByRole('button', { name: 'Add Image' }).isDisabled()).toBe(true);
    await photo.getByLabel('Image URL').fill(pixel);
    await photo.getByLabel('Image URL').press('Enter');
    await photo.waitFor({ state: 'hidden' });
    await countertops.getByRole('img', { name: 'Reference Images 1' }).waitFor();
    await countertops.getByRole('button', { name: 'Add Photo' }).click();
    await photo.getByLabel('Image URL').fill('/objects/no-such-picture.png');
    await photo.getByRole('button', { name: 'Add Image' }).click();
    await photo.waitFor({ state: 'hidden' });
    await countertops.getByTestId('image-placeholder').waitFor();

    // The client: Selected is the contractor's; they tick Installed.
    await client.goto(`/client-project/${projectId}`);
    await client.getByRole('heading', { name: 'Birch Lane Renovation', level: 1 }).waitFor();
    expect(await client.getByRole('link', { name: 'Back to Projects' }).count()).toBe(0);
    expect(await client.getByRole('button', { name: 'Add Bedroom' }).count()).toBe(0);
    expect(await client.getByLabel('Project Lock Box Code').getAttribute('readonly')).not.toBeNull();
    const clientKitchen = room(client, 'Kitchen');
    const clientCountertops = item(clientKitchen, 'Countertops');
    const selected = clientCountertops.getByRole('checkbox', { name: 'Selected' });
    expect(await selected.isChecked()).toBe(true);
    expect(await selected.isDisabled()).toBe(true);
    expect(await clientCountertops.getByRole('checkbox', { name: 'Purchased' }).isChecked()).toBe(true);
    expect(await clientKitchen.getByRole('button', { name: 'Add Item' }).count()).toBe(0);
    // What the contractor typed and added is there.
    expect(await clientCountertops.getByLabel('Details').inputValue()).toBe('Quartz, eased edge');
    expect(await clientCountertops.getByRole('textbox', { name: 'Link 1' }).inputValue()).toBe('https://example.com/quartz');
    // Images load lazily: the broken one shows its placeholder once it is on screen.
    await clientCountertops.getByRole('img', { name: 'Reference Images 1' }).scrollIntoViewIfNeeded();
    await clientCountertops.getByTestId('image-placeholder').waitFor();

    await tick(clientCountertops.getByRole('checkbox', { name: 'Installed' }));
    await clientCountertops.getByRole('img', { name: 'Complete', exact: true }).waitFor();
    await expect.poll(() => clientKitchen.getByTestId('room-badge').textContent()).toBe('1/6 Complete');
    expect(await clientKitchen.getByTestId('room-badge').getAttribute('data-tone')).toBe('amber');
    for (const name of ['Overall Progress', 'Contractor Progress', 'Client Progress']) {
      await expect.poll(() => bar(client, name).getAttribute('aria-valuenow')).toBe(onePercent);
    }
    // The client types details; the contractor sees them after a reload.
    await clientCountertops.getByLabel('Details').fill('Quartz, eased edge. Seam behind the sink.');
    await clientCountertops.getByText('Saving...').waitFor({ state: 'hidden' });

    // The contractor's page follows over the WebSocket, without a reload.
    await countertops.getByRole('img', { name: 'Complete', exact: true }).waitFor();
    expect(await countertops.getByRole('checkbox', { name: 'Installed' }).isChecked()).toBe(true);
    await expect.poll(() => kitchen.getByTestId('room-badge').textContent()).toBe('1/6 Complete');
    await expect.poll(() => bar(contractor, 'Client Progress').getAttribute('aria-valuenow')).toBe(onePercent);

    await contractor.reload();
    const reloaded = item(room(contractor, 'Kitchen'), 'Countertops');
    expect(await reloaded.getByLabel('Details').inputValue()).toBe('Quartz, eased edge. Seam behind the sink.');
    expect(await reloaded.getByRole('textbox', { name: 'Link 1' }).inputValue()).toBe('https://example.com/quartz');
    await reloaded.getByRole('img', { name: 'Reference Images 1' }).scrollIntoViewIfNeeded();
    await reloaded.getByTestId('image-placeholder').waitFor();
    await reloaded.getByRole('img', { name: 'Complete', exact: true }).waitFor();
    for (const name of ['Overall Progress', 'Contractor Progress', 'Client Progress']) {
      expect(await bar(contractor, name).getAttribute('aria-valuenow')).toBe(onePercent);
    }
    expect(await contractor.getByTestId('counter-completed').textContent()).toBe('1');
    expect(await contractor.getByTestId('counter-remaining').textContent()).toBe(String(total - 1));

    // A client cannot set Selected even through the API; the page's checkbox was disabled anyway.
    const itemId = await reloaded.getAttribute('data-item-id');
    const refused = await client.request.patch(`/api/checklist-items/${itemId}`, { data: { contractorCompleted: false } });
    expect(refused.status()).toBe(403);
  });

  it('saves the lock box code two seconds after the last keystroke, and adds items to sections', async () => {
    const { contractor, projectId } = await projectForTwo();
    await contractor.goto(`/project/${projectId}`);
    const lockBox = contractor.getByLabel('Project Lock Box Code');
    // The keystroke's and the save's moments on the page's own clock (the test's lags behind it on a busy machine).
    await lockBox.evaluate((box) => box.addEventListener('input', (event) => ((window as unknown as { typedAt: number }).typedAt = event.timeStamp)));
    const saved = contractor.waitForRequest((request) => request.method() === 'PATCH' && request.url().endsWith(`/api/projects/${projectId}`));
    await lockBox.fill('4321');
    expect(JSON.parse((await saved).postData() ?? '{}')).toEqual({ lockBoxCode: '4321' });
    await (await saved).response();
    const waitedMs = await contractor.evaluate(
      (url) => performance.getEntriesByName(url).find((entry) => entry.startTime > (window as unknown as { typedAt: number }).typedAt)!.startTime - (window as unknown as { typedAt: number }).typedAt,
      (await saved).url(),
    );
    expect(waitedMs).toBeGreaterThanOrEqual(1500);
    await contractor.reload();
    expect(await contractor.getByLabel('Project Lock Box Code').inputValue()).toBe('4321');

    // Special Features and a plain section: named from the title and a running number.
    const bedroom = room(contractor, 'Bedroom 1');
    await bedroom.getByRole('button', { name: 'Add Special Feature' }).click();
    await seeToast(contractor, 'Special Feature Added');
    await item(bedroom, 'Special Features 1').waitFor();
    await bedroom.getByRole('button', { name: 'Add Special Feature' }).click();
    await item(bedroom, 'Special Features 2').waitFor();
    const lights = bedroom.getByRole('region', { name: 'Light Fixtures' });
    await lights.getByRole('button', { name: 'Add Item' }).click();
    await item(lights, 'Light Fixtures 1').waitFor();

    // An item is deleted after two confirmations too.
    await item(bedroom, 'Special Features 1').getByRole('button', { name: 'Delete Special Features 1' }).click();
    await contractor.getByRole('alertdialog', { name: 'Delete Item' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await contractor.getByRole('alertdialog', { name: 'Final Confirmation' }).getByRole('button', { name: 'Delete Permanently' }).click();
    await item(bedroom, 'Special Features 1').waitFor({ state: 'detached' });

    // Door knob counts live in the first two reference links.
    const knobs = item(room(contractor, 'Exterior'), 'Door Knobs');
    await knobs.getByLabel('Total Passage').fill('6');
    await knobs.getByLabel('Total Locking').fill('2');
    await knobs.getByText('Saving...').waitFor({ state: 'hidden' });
    contractor.once('dialog', (dialog) => void dialog.accept('https://example.com/knobs'));
    await knobs.getByRole('button', { name: 'Add Link' }).click();
    await knobs.getByRole('button', { name: 'Save Links' }).click();
    await knobs.getByRole('button', { name: 'Save Links' }).waitFor({ state: 'detached' });
    const knobsId = await knobs.getAttribute('data-item-id');
    const exterior = (await (await contractor.request.get(`/api/projects/${projectId}/rooms`)).json()) as { id: string; type: string }[];
    const exteriorItems = (await (await contractor.request.get(`/api/rooms/${exterior.find((r) => r.type === 'exterior')!.id}/items`)).json()) as {
      id: string;
      referenceLinks: string[];
    }[];
    expect(exteriorItems.find((entry) => entry.id === knobsId)?.referenceLinks).toEqual(['6', '2', 'https://example.com/knobs']);

    // Cabinet and backsplash cards save their fields as the API expects.
    const cabinets = item(room(contractor, 'Kitchen'), 'Kitchen Cabinets');
    const cabinetCard = cabinets.getByRole('region', { name: 'Cabinet Details' });
    await cabinetCard.getByLabel('Style', { exact: true }).fill('Shaker');
    await tick(cabinetCard.getByRole('checkbox', { name: 'Style completed' }));
    await cabinetCard.getByLabel('Total Pulls').fill('24');
    const backsplash = item(room(contractor, 'Kitchen'), 'Backsplash').getByRole('region', { name: 'Backsplash Details' });
    await backsplash.getByLabel('Tile').fill('White subway 3x6');
    await backsplash.getByLabel('Grout').fill('Warm grey');
    await cabinetCard.getByText('Saving...').waitFor({ state: 'hidden' });
    await backsplash.getByText('Saving...').waitFor({ state: 'hidden' });
    await contractor.reload();
    const again = room(contractor, 'Kitchen');
    expect(await item(again, 'Kitchen Cabinets').getByLabel('Style', { exact: true }).inputValue()).toBe('Shaker');
    expect(await item(again, 'Kitchen Cabinets').getByRole('checkbox', { name: 'Style completed' }).isChecked()).toBe(true);
    expect(await item(again, 'Kitchen Cabinets').getByLabel('Total Pulls').inputValue()).toBe('24');
    expect(await item(again, 'Backsplash').getByLabel('Tile').inputValue()).toBe('White subway 3x6');
    expect(await item(again, 'Backsplash').getByLabel('Grout').inputValue()).toBe('Warm grey');
  });

  it('draws the whole checklist from at most 5 API calls, for either role (issue 14)', async () => {
    const { contractor, client, projectId } = await projectForTwo();
    for (const [page, path] of [
      [contractor, `/project/${projectId}`],
      [client, `/client-project/${projectId}`],
    ] as const) {
      const calls = apiCallsOf(page);
      await page.goto(path);
      // Drawn: every room of the template shows its items.
      await expect.poll(() => page.locator('[data-room-id]').count()).toBe(8);
      await expect.poll(() => page.locator('[data-room-id]:not(:has(article[data-item-id]))').count()).toBe(0);
      await page.waitForLoadState('networkidle');
      expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(5);
    }
  });

  it('reads the checklist once however late its parts are drawn, and on focus reads nothing per room (issue 14 on a slow phone)', async () => {
    const { contractor, client, projectId } = await projectForTwo();
    for (const [page, path] of [
      [contractor, `/project/${projectId}`],
      [client, `/client-project/${projectId}`],
    ] as const) {
      const reads = apiCallsOf(page);
      const perKey = (from = 0) => reads.slice(from).filter((path) => /\/(checklist|stats|rooms|items)$/.test(path));
      // The page's clock runs as usual, but the test can move it on: past the read's 5 s of freshness
      // (spec section 9) while the punch line's code is held, as on a phone slow to draw it.
      await page.clock.install();
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/punch-summary-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(path);
      await expect.poll(() => page.locator('[data-room-id]').count()).toBe(8);
      await expect.poll(() => page.locator('[data-room-id]:not(:has(article[data-item-id]))').count()).toBe(0);
      await page.clock.fastForward(6000);
      release();
      await page.getByTestId('punch-summary').waitFor();
      await page.waitForLoadState('networkidle');
      expect(perKey(), reads.join('\n')).toEqual([`GET /api/projects/${projectId}/checklist`]);

      // Back on the tab past the 5 s: the checklist is read again, once, and it alone.
      const before = reads.length;
      await page.clock.fastForward(6000);
      const again = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/projects/${projectId}/checklist`);
      await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      await again;
      expect(perKey(before), reads.slice(before).join('\n')).toEqual([`GET /api/projects/${projectId}/checklist`]);
    }
  });

  it("fetches the checklist's code and first reads beside the main bundle, each once, and nothing of it on the sign-in page (issues 16, 32)", async () => {
    const { contractor, client, projectId } = await projectForTwo();
    for (const [page, path] of [
      [contractor, `/project/${projectId}`],
      [client, `/client-project/${projectId}`],
    ] as const) {
      const assets: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (/^\/assets\/.+\.(js|css)$/.test(pathname)) assets.push(pathname);
      });
      const reads = apiCallsOf(page);
      await page.goto(path);
      await expect.poll(() => page.locator('[data-room-id]:not(:has(article[data-item-id]))').count()).toBe(0);
      await page.waitForLoadState('networkidle');
      // The route-preload script named the page's own files before the main bundle asked for them.
      const preloaded = await page.locator('link[rel=modulepreload], link[rel=preload][as=style]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
      expect(preloaded.some((file) => /\/checklist-[\w-]+\.js$/.test(file)), preloaded.join('\n')).toBe(true);
      expect(preloaded.some((file) => /\/_checklist\._id-[\w-]+\.js$/.test(file)), preloaded.join('\n')).toBe(true);
      expect(preloaded.some((file) => /\/checklist-[\w-]+\.css$/.test(file)), preloaded.join('\n')).toBe(true);
      // Every one of them is a file the page goes on to use, and none is fetched twice (a preload
      // in another credentials mode than the page's own request is fetched again).
      for (const file of preloaded) expect(assets, file).toContain(file);
      expect(assets.length, assets.join('\n')).toBe(new Set(assets).size);
      // The session and the checklist were asked for by the same script, and the loaders were handed
      // those answers: each read went over the network once.
      const preloadedReads = await page.locator('link[rel=preload][as=fetch]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
      expect(preloadedReads.sort()).toEqual(['/api/auth/me', `/api/projects/${projectId}/checklist`]);
      for (const read of preloadedReads) expect(reads.filter((one) => one === `GET ${read}`), reads.join('\n')).toHaveLength(1);
    }

    const signedOut = await openPage();
    const fetched: string[] = [];
    signedOut.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await signedOut.goto('/login');
    await signedOut.getByRole('heading', { name: 'Sign In' }).waitFor();
    await signedOut.waitForLoadState('networkidle');
    expect(fetched.filter((file) => /\/(checklist|signed-in)-[\w-]+\.js$/.test(file))).toEqual([]);
    expect(await signedOut.locator('link[rel=modulepreload]').count()).toBeGreaterThan(0);
  });

  it('sends a room added while the outbox starts, not only once something else wakes it', async () => {
    const { contractor, projectId } = await projectForTwo();
    // The outbox's code (its replay chunk, known by its Web Lock's name) arrives only after the
    // bedroom is added: the add and the outbox's start then run together, as on a busy phone.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let replayAsked = false;
    await contractor.route(/\/assets\/.+\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('cc-outbox-replay')) {
        replayAsked = true;
        await held;
      }
      await route.fulfill({ response, body });
    });
    await contractor.goto(`/project/${projectId}`);
    await room(contractor, 'Interior').waitFor();
    await expect.poll(() => replayAsked).toBe(true);
    await contractor.getByRole('button', { name: 'Add Bedroom' }).click();
    release();
    await seeToast(contractor, 'Room Added');
    await room(contractor, 'Bedroom 2').waitFor();
    const checklist = (await (await contractor.request.get(`/api/projects/${projectId}/checklist`)).json()) as { rooms: { type: string }[] };
    expect(checklist.rooms.filter((one) => one.type === 'bedroom')).toHaveLength(2);
  });

  it('falls back to the first project, and says so when there is none', async () => {
    const { client, projectId } = await projectForTwo();
    await client.goto('/client-project/not-a-project-of-yours');
    await client.getByRole('heading', { name: 'Birch Lane Renovation', level: 1 }).waitFor();
    expect(projectId).toBeTruthy();

    const lonely = await openPage();
    await registerByApi(lonely, newAccount('contractor'), { joinChat: true });
    await lonely.goto('/project/anything');
    await lonely.getByRole('heading', { name: 'No Project Found' }).waitFor();
    await lonely.getByText('Create a project to get started with your construction checklist.').waitFor();

    // Signed out: the login screen.
    const signedOut = await openPage();
    await signedOut.goto(`/project/${projectId}`);
    await signedOut.getByRole('heading', { name: 'Sign In' }).waitFor();
  });

  it('prints every room expanded, without the controls', async () => {
    const { contractor, projectId } = await projectForTwo({ colorScheme: 'dark' });
    await contractor.goto(`/project/${projectId}`);
    const kitchen = room(contractor, 'Kitchen');
    await kitchen.getByRole('button', { name: 'Collapse Kitchen', exact: true }).click();
    await item(kitchen, 'Countertops').waitFor({ state: 'detached' });
    const lastSaved = await contractor.getByText(/^Last saved: \d{1,2}:\d{2} [AP]M$/).textContent();
    expect(lastSaved).toBeTruthy();

    // What window.print() does around the printing: beforeprint, the print media, afterprint.
    await contractor.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await contractor.emulateMedia({ media: 'print' });
    await item(kitchen, 'Countertops').waitFor();
    expect(await contractor.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    expect(await contractor.getByRole('button', { name: 'Add Bedroom' }).isVisible()).toBe(false);
    expect(await contractor.getByRole('button', { name: 'Print Checklist' }).isVisible()).toBe(false);
    expect(await item(kitchen, 'Countertops').getByRole('button', { name: 'Add Link' }).isVisible()).toBe(false);
    expect(await item(kitchen, 'Countertops').getByRole('checkbox', { name: 'Selected' }).isVisible()).toBe(true);
    await pageShot(contractor, 'checklist-print-1280x800');

    await contractor.emulateMedia({ media: 'screen' });
    await contractor.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await item(kitchen, 'Countertops').waitFor({ state: 'detached' });
    expect(await contractor.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  });

  describe.each(viewports)('at $width×$height, $colorScheme', (viewport) => {
    const suffix = viewportName(viewport);

    it('lays the checklist out without overflow', async () => {
      const { contractor, client, projectId } = await projectForTwo(viewport);
      // Some progress, a link and images, so every part of a card shows.
      const rooms = (await (await contractor.request.get(`/api/projects/${projectId}/rooms`)).json()) as { id: string; type: string }[];
      const kitchenId = rooms.find((entry) => entry.type === 'kitchen')!.id;
      const items = (await (await contractor.request.get(`/api/rooms/${kitchenId}/items`)).json()) as { id: string; name: string }[];
      const sink = items.find((entry) => entry.name === 'Kitchen Sink')!.id;
      expect((await contractor.request.patch(`/api/checklist-items/${sink}`, { data: { contractorCompleted: true, purchasesMade: true, details: 'Undermount, 60/40 split', referenceLinks: ['https://example.com/sink'], referenceImages: [pixel, '/objects/missing.png'] } })).status()).toBe(200);
      expect((await client.request.patch(`/api/checklist-items/${sink}`, { data: { clientCompleted: true } })).status()).toBe(200);

      await contractor.goto(`/project/${projectId}`);
      await item(room(contractor, 'Kitchen'), 'Kitchen Sink').getByRole('link', { name: 'Open link 1' }).scrollIntoViewIfNeeded();
      await item(room(contractor, 'Kitchen'), 'Kitchen Sink').getByTestId('image-placeholder').waitFor();
      await contractor.evaluate(() => window.scrollTo(0, 0));
      await settled(contractor);
      await expectNoHorizontalOverflow(contractor);
      await pageShot(contractor, `checklist-contractor-${suffix}`);

      await client.goto(`/client-project/${projectId}`);
      await item(room(client, 'Kitchen'), 'Kitchen Sink').getByRole('img', { name: 'Complete', exact: true }).scrollIntoViewIfNeeded();
      await item(room(client, 'Kitchen'), 'Kitchen Sink').getByTestId('image-placeholder').waitFor();
      await client.evaluate(() => window.scrollTo(0, 0));
      await settled(client);
      await expectNoHorizontalOverflow(client);
      await pageShot(client, `checklist-client-${suffix}`);

      // The Add Photo dialog and the user menu fit too.
      await item(room(contractor, 'Kitchen'), 'Kitchen Sink').getByRole('button', { name: 'Add Photo' }).click();
      await contractor.getByRole('dialog', { name: 'Add Photo' }).waitFor();
      await settled(contractor);
      await expectNoHorizontalOverflow(contractor);
      await screenshot(contractor, `checklist-add-photo-${suffix}`, { fullPage: false });
    });
  });
});

describe('a large checklist', () => {
  // How quickly it answers is bench/checklist-input-latency.bench.ts's (`npm run bench:input-latency`); here, that every input lands.
  it('stays responsive with 12 rooms of 300 items', async () => {
    const { contractor, projectId } = await projectForTwo();
    const big = await fakeBigProject(contractor, projectId);

    // The page's clock is ours (it runs as a real one until paused below).
    await contractor.clock.install();
    await contractor.goto(`/project/${projectId}`);
    await room(contractor, 'Bedroom 1').waitFor();
    // Typing while the rest of the cards are still being drawn.
    const lockBox = contractor.getByLabel('Project Lock Box Code');
    await lockBox.click();
    await contractor.keyboard.type('1234', { delay: 50 });
    expect(await lockBox.inputValue()).toBe('1234');
    // Every card is drawn in the background, a batch at a time (minutes on a busy machine: a generous
    // ceiling). Counted once a second: each count reads 200,000 nodes in the page it waits on.
    await contractor.waitForFunction((total) => document.querySelectorAll('article[data-item-id]').length === total, big.total, { polling: 1000, timeout: 300_000 });

    // Bedroom 1's item 5 found by its id (the fake's room 6), then its controls by role within it:
    // a search by role and name among 200,000 nodes is the test's cost, not the page's, and on a
    // loaded machine it was most of the test.
    const target = contractor.locator('[data-room-id="room-6"] article[data-item-id="room-6-item-5"]');
    expect(await target.getByText('Bedroom 1 item 5', { exact: true }).count()).toBe(1);
    // Generous ceilings here too: on a loaded machine a search of that page outlasts Playwright's 30 s, and a save vitest's 1 s poll.
    const found = { timeout: 120_000 };
    const details = await target.getByLabel('Details').elementHandle(found);
    const purchased = await target.getByRole('checkbox', { name: 'Purchased' }).elementHandle(found);
    const selected = await target.getByRole('checkbox', { name: 'Selected' }).elementHandle(found);
    await details!.scrollIntoViewIfNeeded();
    await details!.click();
    // The typing is one run of keystrokes: the page's clock stands still while it is typed, as a
    // loaded machine can hold a keystroke past the 1 s after which the details are saved (spec
    // section 4; CI saved 'Hand-scraped oak, mat' so). The save's own 1 s then runs on that clock.
    await contractor.clock.pauseAt(Date.now() + 1000);
    await contractor.keyboard.type('Hand-scraped oak, matte finish', { delay: 30 });
    await contractor.clock.resume();
    await purchased!.click();
    await selected!.click();
    expect(await details!.inputValue()).toBe('Hand-scraped oak, matte finish');
    expect(await purchased!.isChecked()).toBe(true);
    expect(await selected!.isChecked()).toBe(true);
    // Each tick is saved, and the details once after the typing stops, not once per keystroke.
    await expect.poll(() => big.patches.filter((patch) => 'details' in patch).map((patch) => patch.details), found).toEqual(['Hand-scraped oak, matte finish']);
    await expect.poll(() => big.patches.filter((patch) => !('details' in patch)), found).toEqual([expect.objectContaining({ purchasesMade: true }), expect.objectContaining({ contractorCompleted: true })]);
  }, 360_000);
});
