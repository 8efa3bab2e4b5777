import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Runs `scripts/<name>.ts` in a process of its own, as an operator would, with the local cloud's
 * environment (this process's; `env` over it: another cloud's, tests/support/private-cloud.ts): its
 * exit code and output.
 */
export async function runScript(name: string, args: string[], env: Readonly<Record<string, string>> = {}): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, out: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: `${failed.stdout}${failed.stderr}` };
  }
}
