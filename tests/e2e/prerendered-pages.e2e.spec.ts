import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mailTo, uniqueEmail, usePages } from '../support/browser';
import { verificationTokenMailedTo } from '../support/mail';

/**
 * Issue 32 in real Chromium: the signed-out pages come as HTML the build rendered
 * (web/build/prerender.ts). With every script refused they still draw their form; with scripts the
 * app takes the same nodes over (hydration: nothing redrawn, nothing moves) and the forms work.
 */

const openPage = usePages();
const PASSWORD = 'first-password-1';

/** What each page draws before any script: its heading and the controls of its form. */
const pages = [
  { path: '/login', heading: 'Sign In', fields: ['Email', 'Password'], action: { role: 'button', name: 'Sign In' } },
  { path: '/register', heading: 'Create Account', fields: ['First Name', 'Last Name', 'Email', 'Password', 'Confirm Password'], action: { role: 'button', name: 'Create Account' } },
  { path: '/forgot-password', heading: 'Forgot Password', fields: ['Email'], action: { role: 'button', name: 'Send Reset Link' } },
  { path: '/reset-password', heading: 'Reset Password', fields: ['New Password', 'Confirm Password'], action: { role: 'button', name: 'Reset Password' } },
  { path: '/verify-email', heading: 'Confirm your email', fields: [], action: { role: 'link', name: 'Create Account' } },
  { path: '/sign-in-link', heading: 'Sign In', fields: [], action: { role: 'button', name: 'Sign In' } },
] as const;

/**
 * Watches the page from its first byte: the layout shifts it makes (CLS), and whether the <main>
 * the HTML drew is still the one shown (hydration keeps nodes; a client render would replace it).
 */
async function watchFirstDraw(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = { shift: 0, moved: [] as string[] };
    Object.assign(window, { firstDraw: state });
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        state.shift += entry.value;
        // What moved, for the failure's message.
        for (const { node, previousRect: from, currentRect: to } of entry.sources) {
          const element = node instanceof Element ? node : node?.parentElement;
          state.moved.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: <${element?.tagName.toLowerCase()} class="${element?.className}"> "${(element?.textContent ?? '').slice(0, 40)}" ${from.x},${from.y} ${from.width}x${from.height} -> ${to.x},${to.y} ${to.width}x${to.height}`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('readystatechange', () => {
      // Parsed, before any module script runs: the HTML's own <main>.
      if (document.readyState === 'interactive') Object.assign(document.querySelector('main') ?? {}, { fromHtml: true });
    });
  });
}

/** No layout shift so far, and the shown <main> is the HTML's; else what moved, and when. */
async function expectDrawnInPlace(page: Page): Promise<void> {
  const { shift, moved, sameNodes } = await page.evaluate(() => ({
    ...(window as unknown as { firstDraw: { shift: number; moved: string[] } }).firstDraw,
    sameNodes: (document.querySelector('main') as (HTMLElement & { fromHtml?: boolean }) | null)?.fromHtml === true,
  }));
  expect({ shift, sameNodes }, moved.join('\n')).toEqual({ shift: 0, sameNodes: true });
}

/** The app has taken the page over: its forms' buttons are enabled only then (web/components/form.tsx). */
const hydrated = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).and(page.locator(':enabled')).waitFor();

/**
 * Opens `url` on a phone, watched from its first byte, once the app has taken it over: no layout
 * shift, the HTML's own nodes. With `cpuSlowdown`, the phone parses the page that many times
 * slower (the app then runs at full speed).
 */
async function takenOverInPlace(url: string, button: string, { cpuSlowdown = 1 } = {}): Promise<Page> {
  const page = await openPage({ width: 390, height: 844 });
  await watchFirstDraw(page);
  if (cpuSlowdown === 1) await page.goto(url);
  else {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.readyState !== 'loading', undefined, { polling: 50 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  await hydrated(page, button);
  await expectDrawnInPlace(page);
  return page;
}

/** The path and fragment of the newest link to `page` mailed to this address, once the SES emulator has it. */
async function linkMailedTo(email: string, page: string): Promise<string> {
  const find = async () => {
    const link = (await mailTo(email)).map((mail) => new RegExp(`https?://\\S+/${page}#token=[\\w-]+`).exec(mail.text ?? '')?.[0]).find(Boolean);
    return link && new URL(link).pathname + new URL(link).hash;
  };
  await expect.poll(find, { timeout: 30_000 }).toBeTruthy();
  return (await find())!;
}

async function registeredClient(): Promise<string> {
  // Short enough for one line of the phone's card (verify-email names it on a line of its own, in
  // the place the prerendered page's words for it took: a longer one wraps and moves the card). A
  // uniqueEmail() is 32 characters: one of wide letters wrapped (pr.mwyw173m.ac4773e4@example.com).
  const email = `pr.${randomUUID().slice(0, 8)}@example.com`;
  const page = await openPage();
  const response = await page.request.post('/api/auth/register', {
    data: { firstName: 'Chris', lastName: 'Owner', email, role: 'client', password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(response.status()).toBe(201);
  return email;
}

describe('signed-out pages drawn from HTML', () => {
  it.each(pages)('$path draws its form with every script refused', async ({ path, heading, fields, action }) => {
    const page = await openPage({ width: 390, height: 844 });
    const scripts: string[] = [];
    await page.route(/\.m?js(\?|$)/, (route) => {
      scripts.push(route.request().url());
      return route.abort();
    });
    await page.goto(path);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    for (const label of fields) await page.getByLabel(label, { exact: true }).waitFor();
    await page.getByRole(action.role, { name: action.name, exact: true }).waitFor();
    // The page painted, and the app's scripts were asked for and refused: what shows is the HTML's.
    expect(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
    expect(scripts.length).toBeGreaterThan(0);
  });

  // A slow phone paints what it has parsed so far: the centred card grew as its last lines came and
  // moved up (CLS 0.02–0.24, in 4 of 8 of its loads at 32×, before web/build/prerender.ts's PAGE_END), so
  // each page is loaded three times.
  it.each(pages.filter(({ path }) => path === '/register' || path === '/login'))('$path paints once, whole, on a phone with a CPU 32 times slower', async ({ path, action }) => {
    for (let load = 0; load < 3; load++) await (await takenOverInPlace(path, action.name, { cpuSlowdown: 32 })).close();
  });

  it('draws in a dark system’s theme before any script, in the colours the app then keeps (no flash)', async () => {
    /** The page's and the card's background on /login, drawn from the HTML alone or taken over by the app. */
    const colours = async (colorScheme: 'light' | 'dark', scripts: boolean) => {
      const page = await openPage({ width: 390, height: 844, colorScheme });
      if (!scripts) await page.route(/\.m?js(\?|$)/, (route) => route.abort());
      await page.goto('/login');
      if (scripts) await hydrated(page, 'Sign In');
      await page.getByRole('heading', { name: 'Sign In', level: 1 }).waitFor();
      return page.evaluate(() => [document.querySelector('#root > div')!, document.querySelector('main h1')!.parentElement!].map((element) => getComputedStyle(element).backgroundColor));
    };
    const darkFromHtml = await colours('dark', false);
    expect(darkFromHtml).toEqual(await colours('dark', true));
    expect(darkFromHtml).not.toEqual(await colours('light', false));
  });

  it('signs in on /login once the app has taken it over, with no layout shift', async () => {
    const email = await registeredClient();
    const page = await takenOverInPlace('/login', 'Sign In');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Your Projects' }).waitFor();
  });

  it('keeps what was typed and chosen before the app took the page over, and registers with it', async () => {
    const page = await openPage({ width: 390, height: 844 });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The app's code is held back until the person has filled the form.
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/register', { waitUntil: 'commit' });
    const email = uniqueEmail('typed-early');
    await page.getByLabel('First Name').fill('Early');
    await page.getByLabel('Last Name').fill('Typist');
    await page.getByLabel('Email').fill(email);
    // The second of the two roles: react-hook-form, registering the radios one by one, unchecked it.
    await page.getByLabel('Client').check();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    release();
    await hydrated(page, 'Create Account');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByLabel('Client').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const me = await page.request.get('/api/auth/me');
    expect((await me.json()) as { email: string; role: string }).toMatchObject({ email, role: 'client' });
  });

  it('registers on /register', async () => {
    const page = await takenOverInPlace('/register', 'Create Account');
    await page.getByLabel('First Name').fill('Casey');
    await page.getByLabel('Last Name').fill('Builder');
    await page.getByLabel('Email').fill(uniqueEmail('prerendered-register'));
    await page.getByLabel('Contractor').check();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('asks for a reset link on /forgot-password and sets a new password on the link’s /reset-password', async () => {
    const email = await registeredClient();
    const page = await takenOverInPlace('/forgot-password', 'Send Reset Link');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();

    const visitor = await takenOverInPlace(await linkMailedTo(email, 'reset-password'), 'Reset Password');
    await visitor.getByLabel('New Password').fill('second-password-2');
    await visitor.getByLabel('Confirm Password').fill('second-password-2');
    await visitor.getByRole('button', { name: 'Reset Password' }).click();
    await visitor.getByRole('heading', { name: 'Password Reset Successful' }).waitFor();
    const signIn = await visitor.request.post('/api/auth/login', { data: { email, password: 'second-password-2' } });
    expect(signIn.status()).toBe(200);
  });

  it('verifies an e-mail from the link’s /verify-email: Sign In, back, Confirm Email', async () => {
    const email = await registeredClient();
    const token = await verificationTokenMailedTo(email);
    const page = await openPage({ width: 390, height: 844 });
    await watchFirstDraw(page);
    await page.goto(`/verify-email#token=${token}&email=${encodeURIComponent(email)}`);
    // Once the app has read the link it names the address; the card has not moved meanwhile.
    await page.getByText(email).waitFor();
    await page.waitForLoadState('networkidle');
    await expectDrawnInPlace(page);
    await page.getByRole('link', { name: 'Sign In' }).click();
    await hydrated(page, 'Sign In');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('button', { name: 'Confirm Email' }).click();
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();
  });

  it('signs in with a mailed link on /sign-in-link', async () => {
    const email = await registeredClient();
    const asker = await openPage();
    expect((await asker.request.post('/api/auth/magic-link', { data: { email } })).status()).toBe(200);
    const page = await takenOverInPlace(await linkMailedTo(email, 'sign-in-link'), 'Sign In');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
