/**
 * Event store benchmark: prints latency, throughput, DynamoDB round trips and consumed capacity
 * per operation for the store's typical operations. It measures, it never asserts timings.
 *
 *   node --import tsx bench/event-store/index.ts [KEY …]     (npm run bench [-- KEY …])
 *
 * Every scenario by default, in this order; name keys (a b c d d2 e f) to run only those.
 * Each scenario is one file of scenarios/, on the shared harness of harness/.
 *
 * Sizes (environment variables, defaults finish in about a minute on 2 cores):
 *   BENCH_N=300             operations in each sequential scenario (a–d)
 *   BENCH_WARMUP=50         untimed appends and reads first, to warm the JVM and the SDK
 *   BENCH_WRITERS=10        concurrent writers on one stream (e)
 *   BENCH_WRITER_OPS=5      commands each writer runs one after the other (e)
 *   BENCH_RETRIES=50        retry policy of the contention scenario (e)
 *   BENCH_READS=100         reads in each read scenario (f)
 *   BENCH_TIMEOUT_S=300     watchdog: stop the local cloud and exit 2 after this long
 *
 * Everything talks to the embedded local cloud on 127.0.0.1 (DynamoDB Local in memory): the
 * figures say what the store costs in round trips and capacity, and how it behaves under
 * contention; its latencies are DynamoDB Local's on this machine, not AWS's.
 */
import { runBench, type Scenario } from './harness/run';
import { appendGrowingStream } from './scenarios/append-growing-stream';
import { appendNewStream, appendWithViews } from './scenarios/append-new-stream';
import { contention } from './scenarios/contention';
import { reads } from './scenarios/reads';
import { runIdempotentItemCommand, runItemCommand } from './scenarios/run-command';

const scenarios: readonly Scenario[] = [
  appendNewStream,
  appendGrowingStream,
  appendWithViews,
  runItemCommand,
  runIdempotentItemCommand,
  contention,
  reads,
];

const keys = process.argv.slice(2);
const unknown = keys.filter((key) => !scenarios.some((scenario) => scenario.key === key));
if (unknown.length) {
  console.error(`Unknown scenario ${unknown.join(', ')}; the scenarios are ${scenarios.map(({ key }) => key).join(' ')}.`);
  process.exit(2);
}

// The SDK's keep-alive sockets and the emulators' timers may outlive the run: exit explicitly.
process.exit(await runBench(keys.length ? scenarios.filter(({ key }) => keys.includes(key)) : scenarios));
