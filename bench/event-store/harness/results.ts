import { performance } from 'node:perf_hooks';
import { metering, Meter, READ_COMMANDS, WRITE_COMMANDS } from './metering';

/** One scenario's figures, summarized from its latencies and metered round trips. */

export interface ScenarioResult {
  readonly key: string;
  readonly name: string;
  readonly count: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
  /** Operations per second over the timed part (wall clock for the concurrent scenario). */
  readonly opsPerSec: number;
  readonly roundTripsPerOp: Record<string, number>;
  readonly failedRoundTripsPerOp: Record<string, number>;
  readonly errors: Record<string, Record<string, number>>;
  /** Mean time per operation spent in DynamoDB round trips; the rest is client-side work. */
  readonly roundTripMsPerOp: number;
  /** null: that kind of call was made but DynamoDB was not asked to report capacity. */
  readonly wcuPerOp: number | null;
  readonly rcuPerOp: number | null;
  /** What AWS would charge by its documented model, from the item sizes (successful calls only). */
  readonly estimatedAwsWcuPerOp: number;
  readonly estimatedAwsRcuPerOp: number;
  readonly extra: Record<string, unknown>;
}

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));

function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function summarize(
  key: string,
  name: string,
  latencies: readonly number[],
  meter: Meter,
  timedMs: number,
  extra: Record<string, unknown> = {},
): ScenarioResult {
  const count = latencies.length;
  const sorted = [...latencies].sort((a, b) => a - b);
  const perOp = (value: number) => (count ? value / count : 0);
  const roundTripsPerOp: Record<string, number> = {};
  const failedRoundTripsPerOp: Record<string, number> = {};
  const errors: Record<string, Record<string, number>> = {};
  let roundTripMs = 0;
  const capacity = {
    write: { calls: 0, reported: 0, units: 0, estimated: 0 },
    read: { calls: 0, reported: 0, units: 0, estimated: 0 },
  };
  for (const [command, stats] of meter.byCommand) {
    roundTripsPerOp[command] = round(perOp(stats.calls), 3);
    if (stats.failures) failedRoundTripsPerOp[command] = round(perOp(stats.failures), 3);
    if (Object.keys(stats.errors).length) errors[command] = stats.errors;
    roundTripMs += stats.ms;
    const kind = WRITE_COMMANDS.has(command) ? capacity.write : READ_COMMANDS.has(command) ? capacity.read : undefined;
    if (kind) {
      // Failed calls report no capacity, whatever was asked: count only the answered ones.
      kind.calls += stats.calls - stats.failures;
      kind.reported += stats.capacityReported;
      kind.units += stats.capacity;
      kind.estimated += stats.estimated;
    }
  }
  const unitsPerOp = (kind: { calls: number; reported: number; units: number }) =>
    kind.calls === 0 ? 0 : kind.reported < kind.calls ? null : round(perOp(kind.units), 2);
  return {
    key,
    name,
    count,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
    mean: round(perOp(latencies.reduce((sum, value) => sum + value, 0))),
    opsPerSec: round(timedMs > 0 ? (count * 1000) / timedMs : 0, 1),
    roundTripsPerOp,
    failedRoundTripsPerOp,
    errors,
    roundTripMsPerOp: round(perOp(roundTripMs)),
    wcuPerOp: unitsPerOp(capacity.write),
    rcuPerOp: unitsPerOp(capacity.read),
    estimatedAwsWcuPerOp: round(perOp(capacity.write.estimated), 2),
    estimatedAwsRcuPerOp: round(perOp(capacity.read.estimated), 2),
    extra,
  };
}

/** Runs `op` `count` times one after the other; `prepare` (untimed, unmetered) runs before each. */
export async function sequential<Prepared>(
  count: number,
  op: (i: number, prepared: Prepared) => Promise<unknown>,
  prepare?: (i: number) => Promise<Prepared>,
): Promise<{ latencies: number[]; meter: Meter; timedMs: number }> {
  const meter = new Meter();
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    metering.recording = undefined;
    const prepared = prepare ? await prepare(i) : (undefined as Prepared);
    metering.recording = meter;
    const started = performance.now();
    await op(i, prepared);
    latencies.push(performance.now() - started);
    metering.recording = undefined;
  }
  return { latencies, meter, timedMs: latencies.reduce((sum, value) => sum + value, 0) };
}
