import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { mailTo } from '../support/mail';

/**
 * `npm run smoke`, run as an operator would after a deploy, here against the local cloud: every
 * step passes and it cleans up after itself; against nothing, it fails at the first step.
 */
async function smoke(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/smoke.ts', ...args], { env: process.env, timeout: 120_000 });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: `${failed.stdout}${failed.stderr}` };
  }
}

describe('npm run smoke', () => {
  it('passes every step against a running stack, mails the invitation, and deletes its account afterwards', async () => {
    const { url, sesEndpoint } = inject('localCloud');
    const address = `smoke.check.${Date.now()}@example.com`;
    const { code, out } = await smoke(['--url', url, '--ses-url', sesEndpoint, '--mail-to', address]);
    expect(out).not.toContain('FAIL');
    expect(code).toBe(0);
    for (const step of ['the API answers', 'sign up a contractor', 'create a project', 'open a live socket', 'tick Selected', 'hear the change on the socket', 'export the checklist as a PDF', 'share with the client', 'delete the smoke account']) {
      expect(out).toMatch(new RegExp(`PASS ${step}.* \\(\\d+ ms\\)`));
    }
    expect((await mailTo(address))[0]?.subject).toBeTruthy();
    // The account is gone: its e-mail can be registered again (a live account's would be refused).
    const email = /sign up a contractor \(([^)]+)\)/.exec(out)![1]!;
    const form = { firstName: 'Again', lastName: 'Smoke', email, role: 'contractor', password: 'correct horse 1', confirmPassword: 'correct horse 1' };
    const again = await fetch(`${url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(form) });
    expect(again.status).toBe(201);
  });

  it('fails, naming the step, when nothing answers at the address', async () => {
    const { code, out } = await smoke(['--url', 'http://127.0.0.1:9']);
    expect(code).toBe(1);
    expect(out).toMatch(/FAIL the API answers \(GET \/api\/health\): /);
    expect(out).not.toContain('PASS');
  });
});
