import { describe, expect, it } from 'vitest';
import { rotationStep, type SecretVersions } from './session-rotation';

/**
 * The rotation's four steps against a stand-in that keeps versions and stages as Secrets Manager
 * does (no emulator of it runs here): a full rotation, each step run twice, and a refused key.
 */
function secretWith(current: string) {
  const values = new Map<string, string>([['v1', current]]);
  const stages = new Map<string, string[]>([['v1', ['AWSCURRENT']]]);
  const move = (stage: string, to: string) => {
    for (const [id, names] of stages) stages.set(id, names.filter((name) => name !== stage));
    stages.set(to, [...(stages.get(to) ?? []), stage]);
  };
  const secret: SecretVersions = {
    stages: async () => Object.fromEntries(stages),
    value: async (id, stage) => (stages.get(id)?.includes(stage) ? values.get(id) : undefined),
    putPending: async (id, value) => {
      values.set(id, value);
      move('AWSPENDING', id);
    },
    makeCurrent: async (id, from) => {
      if (from) move('AWSPREVIOUS', from);
      move('AWSCURRENT', id);
      stages.set(id, (stages.get(id) ?? []).filter((name) => name !== 'AWSPENDING'));
    },
  };
  /** Secrets Manager starts a rotation by naming a new version, pending. */
  const begin = (id: string) => stages.set(id, ['AWSPENDING']);
  const valueAt = (stage: string) => [...stages].find(([, names]) => names.includes(stage))?.[0];
  return { secret, begin, values, valueAt };
}

const steps = ['createSecret', 'setSecret', 'testSecret', 'finishSecret'] as const;

describe('rotating the session key', () => {
  it('makes a new random key current and keeps the old one as previous, each step safe to repeat', async () => {
    const { secret, begin, values, valueAt } = secretWith('k'.repeat(64));
    begin('v2');
    for (const step of steps) {
      await rotationStep(secret, step, 'v2');
      await rotationStep(secret, step, 'v2');
    }
    expect(valueAt('AWSCURRENT')).toBe('v2');
    expect(valueAt('AWSPREVIOUS')).toBe('v1');
    expect(values.get('v2')).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(values.get('v2')).not.toBe(values.get('v1'));
    // A second rotation makes another key, and the first one drops out.
    begin('v3');
    for (const step of steps) await rotationStep(secret, step, 'v3');
    expect([valueAt('AWSCURRENT'), valueAt('AWSPREVIOUS')]).toEqual(['v3', 'v2']);
    expect(values.get('v3')).not.toBe(values.get('v2'));
  });

  it('refuses a version that is not pending, and a pending key too short to sign sessions', async () => {
    const { secret, begin } = secretWith('k'.repeat(64));
    await expect(rotationStep(secret, 'createSecret', 'nope')).rejects.toThrow(/not a version/);
    begin('v2');
    await secret.putPending('v2', 'short');
    await expect(rotationStep(secret, 'testSecret', 'v2')).rejects.toThrow(/shorter than 32/);
  });
});
