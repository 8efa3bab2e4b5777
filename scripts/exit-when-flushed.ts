/**
 * Ends an operator command once what it wrote to stdout has drained. `process.exit` alone cuts off
 * output larger than a pipe takes at once (a JSON report over hundreds of tenants arrived
 * unterminated). Await it: it never resolves, so nothing after it runs.
 */
export function exitWhenFlushed(code: number): Promise<never> {
  process.stdout.write('', () => process.exit(code));
  return new Promise<never>(() => {});
}
