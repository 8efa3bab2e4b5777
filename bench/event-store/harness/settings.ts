import type { RetryPolicy } from '../../../functions/commands/run-commands';

/** The bench's sizes: those set by environment variables (see bench/event-store/index.ts), then fixed ones. */

const intFromEnv = (name: string, fallback: number, min = 1, max = 100_000): number => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number.parseInt(raw, 10);
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name} must be an integer in ${min}..${max}`);
  return value;
};

export const settings = {
  n: intFromEnv('BENCH_N', 300),
  warmup: intFromEnv('BENCH_WARMUP', 50, 0),
  writers: intFromEnv('BENCH_WRITERS', 10, 1, 1000),
  writerOps: intFromEnv('BENCH_WRITER_OPS', 5, 1, 10_000),
  retries: intFromEnv('BENCH_RETRIES', 50, 0, 1000),
  reads: intFromEnv('BENCH_READS', 100),
  timeoutS: intFromEnv('BENCH_TIMEOUT_S', 300, 10, 86_400),
} as const;

/** Events in the stream the typical item command (d) loads and folds. */
export const ITEM_STREAM_EVENTS = 20;
/** Events in the stream read by readStream (f). */
export const READ_STREAM_EVENTS = 100;
/** Streams × events per stream of the project read by readProjectEvents (f). */
export const PROJECT_STREAMS = 10;
export const PROJECT_STREAM_EVENTS = 10;
/** DynamoDB allows 100 items per transaction; the head takes one. */
export const MAX_EVENTS_PER_APPEND = 50;

export const contentionPolicy: RetryPolicy = { retries: settings.retries, minTimeoutMs: 10, maxTimeoutMs: 250 };
