import { performance } from 'node:perf_hooks';
import { runCommand } from '../../../functions/commands/run-commands';
import { id, toggleCommand } from '../harness/fixtures';
import { Meter, metering } from '../harness/metering';
import { round, summarize } from '../harness/results';
import { contentionPolicy, settings } from '../harness/settings';
import type { Scenario } from '../harness/run';

/** e. Contention: writers run commands on ONE stream at the same time. */
export const contention: Scenario = {
  key: 'e',
  async run({ store, progress }) {
    const total = settings.writers * settings.writerOps;
    progress(`e: ${settings.writers} concurrent writers × ${settings.writerOps} commands on one stream`);
    const projectId = id('project-e');
    const streamId = id('e');
    const counters = { loads: 0 };
    const meter = new Meter();
    const latencies: number[] = [];
    let refused = 0;
    metering.recording = meter;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: settings.writers }, async () => {
        for (let op = 0; op < settings.writerOps; op++) {
          const opStarted = performance.now();
          try {
            await runCommand(store, toggleCommand(store, streamId, projectId, counters, contentionPolicy));
            latencies.push(performance.now() - opStarted);
          } catch {
            refused++; // a 409 after the retries ran out
          }
        }
      }),
    );
    const wallMs = performance.now() - started;
    metering.recording = undefined;
    const head = await store.readHead(streamId);
    const transactions = meter.byCommand.get('TransactWriteItems');
    return [
      summarize('e', `e ${settings.writers} writers, one stream`, latencies, meter, wallMs, {
        commands: total,
        committed: latencies.length,
        refused409: refused,
        wallMs: round(wallMs, 1),
        attempts: counters.loads,
        attemptsPerCommit: round(counters.loads / Math.max(1, latencies.length), 2),
        conflicts: transactions?.failures ?? 0,
        finalVersion: head.version,
        lostUpdates: latencies.length - head.version,
        retryPolicy: contentionPolicy,
      }),
    ];
  },
};
