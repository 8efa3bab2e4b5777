import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order the run hands its files to its workers (vitest.config.ts): a pool of workers takes the
 * next file of one queue as each frees, so this order decides how many browser files run at once.
 * It plays the run out beforehand with each file's expected time: a free worker takes the next
 * browser file while fewer than BROWSER_LANES run (or nothing else is left), else the next other
 * file; longest first on each side. The real run follows the same order, so it keeps about two
 * Chromiums busy beside the integration and unit files, and the long files do not come last; the
 * browser files left once the others are done take every worker.
 *
 * Expected time: the file's last duration where vitest has one (its results cache), else its size
 * at what a byte of each kind took in the last serial CI run (2026-11-27: e2e 857 s for 311 KB,
 * integration 492 s for 618 KB, unit 9 s for 359 KB), which is all a fresh clone has.
 */

const BROWSER_LANES = 2;
const BROWSER_PROJECT = 'e2e';
const MS_PER_BYTE: Record<string, number> = { e2e: 2.75, integration: 0.8, unit: 0.03 };

export default class FileOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const expected = (spec: TestSpecification): number => {
      const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
      const last = this.ctx.cache.getFileTestResults(key)?.duration;
      if (last) return last;
      return (this.ctx.cache.getFileStats(key)?.size ?? 0) * (MS_PER_BYTE[spec.project.name] ?? 1);
    };
    const longestFirst = (specs: TestSpecification[]) => specs.map((spec) => ({ spec, ms: expected(spec) })).sort((a, b) => b.ms - a.ms);
    const browser = longestFirst(files.filter((spec) => spec.project.name === BROWSER_PROJECT));
    const others = longestFirst(files.filter((spec) => spec.project.name !== BROWSER_PROJECT));

    const workers = Math.max(1, Number(this.ctx.config.maxWorkers) || 1);
    const running: { endsAt: number; browser: boolean }[] = [];
    const order: TestSpecification[] = [];
    let now = 0;
    while (browser.length + others.length > 0) {
      if (running.length === workers) {
        // The next worker to free up.
        running.sort((a, b) => a.endsAt - b.endsAt);
        now = running.shift()!.endsAt;
      }
      const browsersRunning = running.filter((file) => file.browser).length;
      const takeBrowser = browser.length > 0 && (browsersRunning < BROWSER_LANES || others.length === 0);
      const next = takeBrowser ? browser.shift()! : others.shift()!;
      running.push({ endsAt: now + next.ms, browser: takeBrowser });
      order.push(next.spec);
    }
    return order;
  }
}
