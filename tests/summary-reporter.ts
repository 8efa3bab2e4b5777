import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with the ten slowest files (the time each held its worker: imports, set-up, tests and
 * hooks) and one plain line, `tests: N passed, N failed, N skipped`, that any CI can read.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    const count = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') count.passed++;
        else if (state === 'failed') count.failed++;
        else count.skipped++;
      }
      // A file that failed to load has no tests to count but is a failure all the same.
      if (module.state() === 'failed' && ![...module.children.allTests()].some((t) => t.result().state === 'failed')) count.failed++;
    }
    count.failed += unhandledErrors.length;
    console.log(`\n${slowestFiles(testModules, 10)}\ntests: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped`);
  }
}

function slowestFiles(testModules: ReadonlyArray<TestModule>, howMany: number): string {
  const slowest = testModules
    .map((module) => {
      const { environmentSetupDuration, prepareDuration, collectDuration, setupDuration, duration } = module.diagnostic();
      const seconds = (environmentSetupDuration + prepareDuration + collectDuration + setupDuration + duration) / 1000;
      return { seconds, project: module.project.name, file: module.relativeModuleId };
    })
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, howMany);
  const lines = slowest.map(({ seconds, project, file }) => `${seconds.toFixed(1).padStart(7)} s  ${project.padEnd(11)} ${file}`);
  return [`The ${slowest.length} slowest files:`, ...lines].join('\n');
}
