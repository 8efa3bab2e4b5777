import { performance } from 'node:perf_hooks';
import { createEventStore, type EventStore } from '../../../functions/store/event-store';
import { startLocalCloud, type LocalCloud } from '../../../infra/local/cloud';
import { catalogue, id, seedStream } from './fixtures';
import { createMeteredClient, metering } from './metering';
import { printReport } from './report';
import { round, type ScenarioResult } from './results';
import { settings } from './settings';

/** What a scenario gets: the event store on metered DynamoDB, and a progress line on stderr. */
export interface BenchContext {
  readonly store: EventStore;
  readonly stateTableName: string;
  readonly progress: (line: string) => void;
}

/** One scenario of the bench; `key` picks it on the command line (`npm run bench -- d e`). */
export interface Scenario {
  readonly key: string;
  run(context: BenchContext): Promise<ScenarioResult[]>;
}

async function measure(cloud: LocalCloud, scenarios: readonly Scenario[]): Promise<ScenarioResult[]> {
  const endpoint = cloud.endpoints.dynamodb;
  if (new URL(endpoint).hostname !== '127.0.0.1') throw new Error(`DynamoDB endpoint ${endpoint} is not on 127.0.0.1`);
  const eventsTableName = cloud.env.EVENTS_TABLE;
  const stateTableName = cloud.env.STATE_TABLE;
  if (!eventsTableName || !stateTableName) throw new Error('The local cloud did not name its tables');
  const { raw, client } = createMeteredClient(endpoint, eventsTableName);
  try {
    const store = createEventStore({ client, eventsTableName, stateTableName, catalogue });
    const results: ScenarioResult[] = [];
    const progress = (line: string) => process.stderr.write(`[bench] ${line}\n`);

    // Warm-up: the JVM's JIT, the SDK's first-call set-up, the sockets.
    if (settings.warmup) {
      progress(`warm-up (${settings.warmup} appends and reads)`);
      const warmProject = id('warm-project');
      for (let i = 0; i < settings.warmup; i++) {
        const streamId = id('warm', i);
        await seedStream(store, streamId, 2, warmProject);
        await store.readStream(streamId);
        await store.readHead(streamId);
      }
      await store.readProjectEvents(warmProject);
    }

    for (const scenario of scenarios) results.push(...(await scenario.run({ store, stateTableName, progress })));
    return results;
  } finally {
    metering.recording = undefined;
    client.destroy();
    raw.destroy();
  }
}

/** Starts the local cloud, runs the scenarios one after the other, prints, stops it; the exit code. */
export async function runBench(scenarios: readonly Scenario[]): Promise<number> {
  const date = new Date().toISOString();
  process.stderr.write('[bench] starting the local cloud (DynamoDB Local in memory) …\n');
  let cloud: LocalCloud | undefined;
  let stopping: Promise<void> | undefined;
  const stopCloud = () => (stopping ??= cloud?.stop() ?? Promise.resolve());

  const watchdog = setTimeout(() => {
    process.stderr.write(`[bench] watchdog: still running after ${settings.timeoutS} s, stopping\n`);
    const giveUp = new Promise((resolve) => setTimeout(resolve, 15_000).unref());
    void Promise.race([stopCloud(), giveUp]).finally(() => process.exit(2));
  }, settings.timeoutS * 1000);
  watchdog.unref();

  try {
    cloud = await startLocalCloud({ port: 0 });
    const started = performance.now();
    const results = await measure(cloud, scenarios);
    printReport(results, { date, elapsedS: round((performance.now() - started) / 1000, 1) });
    return 0;
  } catch (error) {
    console.error('[bench] failed:', error);
    return 1;
  } finally {
    await stopCloud();
    clearTimeout(watchdog);
  }
}
