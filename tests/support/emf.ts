import { vi } from 'vitest';

/**
 * What CloudWatch receives from `run` (embedded metric format on stdout, as a Lambda writes it):
 * the metrics module is imported afresh with metrics switched on, and every EMF record it printed
 * is parsed. `load` imports the module under test (`() => import('./metrics')`), so it is
 * resolved from the test's own folder.
 *
 * @example
 * const [record] = await emfRecords(() => import('./metrics'), ({ recordRequest }) => recordRequest('/api/x', 200, 5, 'tenant-1'));
 */
export async function emfRecords<M>(load: () => Promise<M>, run: (module: M) => void): Promise<Array<Record<string, any>>> {
  vi.resetModules();
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
  vi.stubEnv('POWERTOOLS_DEV', '');
  const lines: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
  const log = vi.spyOn(console, 'log').mockImplementation((...args) => void lines.push(args.map(String).join(' ')));
  try {
    run(await load());
  } finally {
    write.mockRestore();
    log.mockRestore();
  }
  return lines.flatMap((line) => line.split('\n')).filter((line) => line.includes('_aws')).map((line) => JSON.parse(line));
}
