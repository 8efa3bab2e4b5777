import os from 'node:os';
import { round, type ScenarioResult } from './results';
import { settings } from './settings';

/** Printing the figures: a table, the notes under it, and one BENCH_JSON line. */

const formatMs = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');
const formatUnits = (value: number | null) => (value === null ? 'n/a' : value === 0 ? '-' : String(round(value, 2)));
const abbreviations: Record<string, string> = {
  TransactWriteItems: 'TxW',
  Query: 'Q',
  GetItem: 'Get',
  PutItem: 'Put',
  UpdateItem: 'Upd',
  Scan: 'Scan',
};
const formatTrips = (trips: Record<string, number>) =>
  Object.entries(trips)
    .map(([command, count]) => `${abbreviations[command] ?? command} ${round(count, 2)}`)
    .join(' + ') || '-';

function printTable(results: readonly ScenarioResult[]): void {
  const header = [
    'scenario', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'ops/s', 'round trips/op', 'in-DDB ms/op',
    'WCU/op', 'RCU/op', 'est.AWS WCU/op', 'est.AWS RCU/op',
  ];
  const rows = results.map((r) => [
    r.name,
    String(r.count),
    formatMs(r.p50),
    formatMs(r.p95),
    formatMs(r.p99),
    formatMs(r.max),
    r.opsPerSec.toFixed(1),
    formatTrips(r.roundTripsPerOp),
    formatMs(r.roundTripMsPerOp),
    formatUnits(r.wcuPerOp),
    formatUnits(r.rcuPerOp),
    formatUnits(r.estimatedAwsWcuPerOp),
    formatUnits(r.estimatedAwsRcuPerOp),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const leftAligned = new Set([0, 7]);
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => (leftAligned.has(column) ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

function printNotes(results: readonly ScenarioResult[]): void {
  console.log('');
  console.log('Round trips: TxW = TransactWriteItems, Q = Query, Get = GetItem; failed ones included.');
  console.log('in-DDB ms/op: time inside SDK round trips per op (the rest is hashing, validation, marshalling).');
  console.log('WCU/RCU: as DynamoDB Local reports them (ReturnConsumedCapacity); n/a = calls made without asking for it; - = none.');
  console.log(
    'est.AWS: from item sizes by AWS\'s documented model (transactional write 2 WCU/KB per item + 1 WCU/KB per GSI copy;',
  );
  console.log('  read 1 RCU/4 KB strong, 0.5 eventual); successful calls only. DynamoDB Local\'s transaction WCU does not grow with items.');
  for (const r of results) {
    const notes: string[] = [];
    if (Object.keys(r.failedRoundTripsPerOp).length) notes.push(`failed round trips/op: ${formatTrips(r.failedRoundTripsPerOp)}`);
    for (const [command, errors] of Object.entries(r.errors)) {
      notes.push(`${command} errors: ${Object.entries(errors).map(([name, count]) => `${name} ×${count}`).join(', ')}`);
    }
    const extra = Object.entries(r.extra).map(([key, value]) => `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
    if (extra.length) notes.push(extra.join(' '));
    if (notes.length) console.log(`  ${r.key}: ${notes.join('; ')}`);
  }
}

/** The whole report: what ran where, the table, the notes, and the figures as one JSON line. */
export function printReport(results: readonly ScenarioResult[], { date, elapsedS }: { date: string; elapsedS: number }): void {
  const cpus = os.cpus();
  console.log(
    `Event store bench — ${date} — node ${process.version} — ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}) — ` +
      `${os.platform()} ${os.arch()} — ${elapsedS} s`,
  );
  console.log(
    'Figures are DynamoDB Local (in-memory, JVM) on this machine through the AWS SDK over 127.0.0.1, not AWS latency; ' +
      'the local cloud’s stream poller runs the browser notifier in the same process meanwhile.',
  );
  console.log(
    `Settings: BENCH_N=${settings.n} BENCH_WARMUP=${settings.warmup} BENCH_WRITERS=${settings.writers} ` +
      `BENCH_WRITER_OPS=${settings.writerOps} BENCH_RETRIES=${settings.retries} BENCH_READS=${settings.reads}`,
  );
  console.log('');
  printTable(results);
  printNotes(results);
  console.log(
    `BENCH_JSON ${JSON.stringify({
      date,
      node: process.version,
      cores: cpus.length,
      cpu: cpus[0]?.model.trim(),
      platform: `${os.platform()} ${os.arch()}`,
      target: 'DynamoDB Local (in-memory) on 127.0.0.1, not AWS',
      settings,
      elapsedS,
      scenarios: results,
    })}`,
  );
}
