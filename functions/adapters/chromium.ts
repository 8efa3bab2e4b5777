import puppeteer, { type Browser, type Page, type PDFOptions } from 'puppeteer-core';
import { config } from '../config';
import { logger } from '../logger';

/**
 * Headless Chromium that turns HTML into PDF. One browser per Lambda instance, started on first
 * use and reused by warm invocations (a launch costs seconds, a page milliseconds); each render
 * gets its own page, closed afterwards. In Lambda it is @sparticuz/chromium-min's build, fetched
 * from `CHROMIUM_PACK_URL` into /tmp; elsewhere the local Chromium (`CHROMIUM_PATH`).
 *
 * The page never touches the network: the HTML must carry everything it shows (pictures as
 * data: URLs), so stored user text can never make the server fetch an address (SSRF).
 */

/**
 * Every host name and address resolves to nothing. Request interception (below) stops requests,
 * but not the connections Chromium opens ahead of them (preconnect): with this, not even a TCP
 * connection leaves the browser, whatever spelling of an address (127.1, [::1], 2130706433 …).
 */
const NO_NETWORK_ARGS = ['--host-resolver-rules=MAP * ~NOTFOUND'];
const LOCAL_ARGS = [...NO_NETWORK_ARGS, '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
/** Lambda answers within 29 s; a render that takes longer than this has gone wrong. */
const RENDER_TIMEOUT_MS = 20_000;

let browser: Promise<Browser> | undefined;

async function launch(): Promise<Browser> {
  if (process.env.AWS_LAMBDA_FUNCTION_NAME) {
    // Imported here: outside Lambda the package is not needed (and it would unpack nothing).
    const { default: chromium } = await import('@sparticuz/chromium-min');
    return puppeteer.launch({ executablePath: await chromium.executablePath(config().chromiumPackUrl), args: [...chromium.args, ...NO_NETWORK_ARGS], headless: 'shell' });
  }
  return puppeteer.launch({
    executablePath: config().chromiumPath,
    args: LOCAL_ARGS,
    headless: true,
    // A pipe rather than a WebSocket: its handles can be let go of between renders (holdEventLoop).
    pipe: true,
    // The process's own signal handling stops it (`npm start` stops its emulators first); puppeteer
    // would exit at once on Ctrl-C. Chromium still goes when Node exits.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

let rendersUnderWay = 0;

/**
 * An idle browser must not keep Node running (tests, benches, scripts): its process and pipes
 * hold the event loop only while a render is under way. When Node exits, puppeteer still takes
 * Chromium down with it.
 */
function holdEventLoop(started: Browser, hold: boolean): void {
  const child = started.process();
  for (const handle of [child, ...(child?.stdio ?? [])] as ({ ref?(): void; unref?(): void } | null)[]) {
    if (hold) handle?.ref?.();
    else handle?.unref?.();
  }
}

/** The instance's browser, launched again if it crashed or was closed. */
function sharedBrowser(): Promise<Browser> {
  if (!browser) {
    const launching = launch().then((started) => {
      started.once('disconnected', () => {
        if (browser === launching) browser = undefined;
      });
      return started;
    });
    // A failed launch is not kept: the next export tries again.
    launching.catch(() => {
      if (browser === launching) browser = undefined;
    });
    browser = launching;
  }
  return browser;
}

/** Renders a self-contained HTML document to PDF bytes; every network request of the page is refused. */
export function htmlToPdf(html: string, options: PDFOptions): Promise<Uint8Array> {
  return withPage(async (page) => {
    page.setDefaultTimeout(RENDER_TIMEOUT_MS);
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.url().startsWith('data:')) return void request.continue();
      logger.warn('pdf page request blocked', { url: request.url().slice(0, 200) });
      void request.abort('blockedbyclient');
    });
    await page.setContent(html, { waitUntil: 'load' });
    return page.pdf({ ...options, timeout: RENDER_TIMEOUT_MS });
  });
}

/** A fresh page of the shared browser for one render, closed afterwards. */
async function withPage<T>(use: (page: Page) => Promise<T>): Promise<T> {
  rendersUnderWay++;
  let started: Browser | undefined;
  try {
    started = await sharedBrowser();
    holdEventLoop(started, true);
    const page = await started.newPage();
    try {
      return await use(page);
    } finally {
      // After a crash the page is gone with its browser; the render's own error is the one to report.
      await page.close().catch((error: unknown) => logger.warn('pdf page did not close', { error: error as Error }));
    }
  } finally {
    if (--rendersUnderWay === 0 && started) holdEventLoop(started, false);
  }
}
