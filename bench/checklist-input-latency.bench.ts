/**
 * `npm run bench:input-latency [-- --web DIR] [-- --runs N]`: how quickly the checklist answers a
 * person's keys and clicks when it is far larger than any real one (12 rooms of 300 items, served
 * from the page's network layer by tests/support/browser-big-checklist.ts), in the system Chromium
 * against the local cloud serving a fresh build (or `--web DIR`, a build made before). For each
 * key press and click, the time from the input event to the next frame: while the cards are still
 * being drawn (typing the lock box code) and once all are (typing details, two ticks). Prints the
 * figures and whether each meets its goal; asserts nothing. The browser test
 * ('stays responsive with 12 rooms of 300 items') holds the behaviour: every input lands and draws.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
import { fakeBigProject } from '../tests/support/browser-big-checklist';
import { browserBench } from './browser-bench';
import { median } from './median';

// Without content-visibility the median was over 500 ms (issue 14); a person notices 100 ms.
const GOAL_P50_MS = 100;
const GOAL_MAX_MS = 500;

const { values } = parseArgs({
  options: { web: { type: 'string' }, runs: { type: 'string', default: '3' } },
});
const runs = Math.max(1, Number(values.runs) || 1);

const { webDir, cloud, browser, close } = await browserBench(values.web, 'input-latency');

/** Runs the actions and answers, for each key press and click, the time until the next frame, and the longest task. */
async function measureInput(page: Page, actions: () => Promise<void>) {
  // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
  await page.evaluate(`(() => {
    const state = { seen: 0, delays: [], longest: 0 };
    window.__input = state;
    const onInput = (event) => {
      const at = event.timeStamp;
      state.seen++;
      requestAnimationFrame(() => setTimeout(() => state.delays.push(performance.now() - at), 0));
    };
    document.addEventListener('keydown', onInput, true);
    document.addEventListener('pointerdown', onInput, true);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longest = Math.max(state.longest, entry.duration);
    }).observe({ type: 'longtask' });
  })()`);
  await actions();
  // Until every key press and click has had its next frame.
  await page.waitForFunction(() => {
    const { seen, delays } = (window as unknown as { __input: { seen: number; delays: number[] } }).__input;
    return delays.length === seen;
  });
  const { delays, longest } = await page.evaluate(() => (window as unknown as { __input: { delays: number[]; longest: number } }).__input);
  const sorted = [...delays].sort((a, b) => a - b);
  return {
    p50: sorted[Math.floor(sorted.length / 2)] ?? 0,
    max: sorted.at(-1) ?? 0,
    longestTask: longest,
    inputs: delays.length,
  };
}

async function oneRun() {
  const context = await browser.newContext({
    baseURL: cloud.url,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = await context.newPage();
    const email = `bench.latency.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const registered = await page.request.post('/api/auth/register', {
      data: {
        firstName: 'Bench',
        lastName: 'Contractor',
        email,
        role: 'contractor',
        password: 'bench-password-1',
        confirmPassword: 'bench-password-1',
      },
    });
    if (registered.status() !== 201) throw new Error(`register: ${registered.status()} ${await registered.text()}`);
    await page.request.put('/api/user-session', {
      data: {
        userType: 'contractor',
        userName: 'Bench Contractor',
        chatOpenedOnce: true,
      },
    });
    const created = await page.request.post('/api/projects', {
      data: {
        name: 'Bench Project',
        address: '1 Bench Street',
        clientName: 'Chris Owner',
      },
    });
    const { id: projectId } = (await created.json()) as { id: string };
    const big = await fakeBigProject(page, projectId);

    const started = performance.now();
    await page.goto(`/project/${projectId}`);
    await page.getByRole('region', { name: 'Bedroom 1', exact: true }).waitFor();
    const firstRoomMs = performance.now() - started;
    const lockBox = await page.getByLabel('Project Lock Box Code').elementHandle();
    const whileDrawing = await measureInput(page, async () => {
      await lockBox!.click();
      await page.keyboard.type('1234', { delay: 50 });
    });
    await page.waitForFunction((total) => document.querySelectorAll('article[data-item-id]').length === total, big.total, { polling: 250, timeout: 300_000 });
    const allItemsMs = performance.now() - started;

    // The elements are found first: finding by role among 200,000 nodes is the bench's cost, not the page's.
    const target = page.getByRole('region', { name: 'Bedroom 1', exact: true }).getByRole('article', { name: 'Bedroom 1 item 5', exact: true });
    const details = await target.getByLabel('Details').elementHandle();
    const purchased = await target.getByRole('checkbox', { name: 'Purchased' }).elementHandle();
    const selected = await target.getByRole('checkbox', { name: 'Selected' }).elementHandle();
    await details!.scrollIntoViewIfNeeded();
    const drawn = await measureInput(page, async () => {
      await details!.click();
      await page.keyboard.type('Hand-scraped oak, matte finish', { delay: 30 });
      await purchased!.click();
      await selected!.click();
    });
    return { firstRoomMs, allItemsMs, whileDrawing, drawn };
  } finally {
    await context.close();
  }
}

try {
  console.log(`Checklist input latency, 12 rooms × 300 items — ${new Date().toISOString()}, build ${webDir}, ${runs} run(s), load ${loadavg()[0]!.toFixed(1)}`);
  const results = [];
  for (let run = 0; run < runs; run++) {
    const result = await oneRun();
    results.push(result);
    const ms = (value: number) => Math.round(value);
    console.log(
      `run ${run + 1}: first room ${ms(result.firstRoomMs)} ms, all cards ${ms(result.allItemsMs)} ms; while drawing p50 ${ms(result.whileDrawing.p50)} ms, max ${ms(result.whileDrawing.max)} ms; ` +
        `drawn p50 ${ms(result.drawn.p50)} ms, max ${ms(result.drawn.max)} ms (${result.drawn.inputs} inputs), longest task ${ms(result.drawn.longestTask)} ms`,
    );
  }
  const p50 = median(results.map((result) => result.drawn.p50));
  const max = median(results.map((result) => result.drawn.max));
  const drawingMax = median(results.map((result) => result.whileDrawing.max));
  const verdict = (value: number, goal: number) => `${Math.round(value)} ms (goal < ${goal} ms: ${value < goal ? 'met' : 'NOT met'})`;
  console.table([
    {
      figure: 'input → next frame, p50 (all cards drawn)',
      'median of runs': verdict(p50, GOAL_P50_MS),
    },
    {
      figure: 'input → next frame, max (all cards drawn)',
      'median of runs': verdict(max, GOAL_MAX_MS),
    },
    {
      figure: 'input → next frame, max (while drawing)',
      'median of runs': verdict(drawingMax, GOAL_MAX_MS),
    },
  ]);
} finally {
  await close();
}
