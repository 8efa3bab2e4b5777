import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envNames, PASSWORD_HASH_COST } from '../config';
import { hashPassword, unknownUserHash, verifyPassword } from './passwords';

describe('passwords', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('checks an unknown user against a decoy as costly as a real hash', async () => {
    for (const cost of ['', '4']) {
      vi.stubEnv(envNames.mode, 'local');
      vi.stubEnv(envNames.passwordHashCost, cost);
      const real = await hashPassword('correct horse battery staple');
      const decoy = unknownUserHash(bcrypt.getRounds(real));
      expect(decoy).toHaveLength(real.length);
      expect(bcrypt.getRounds(decoy)).toBe(bcrypt.getRounds(real));
      expect(await verifyPassword('correct horse battery staple', real)).toBe(true);
      expect(await verifyPassword('correct horse battery staple', undefined)).toBe(false);
      expect(await verifyPassword('no such user: timing decoy', undefined)).toBe(false);
    }
  });

  it('hashes at cost 10 in AWS whatever PASSWORD_HASH_COST says; the local cloud may lower it, and a hash of either cost verifies there', async () => {
    vi.stubEnv(envNames.mode, 'aws');
    vi.stubEnv(envNames.sessionSecret, 'x'.repeat(40));
    vi.stubEnv(envNames.passwordHashCost, '4');
    const deployed = await hashPassword('correct horse battery staple');
    expect(bcrypt.getRounds(deployed)).toBe(PASSWORD_HASH_COST);

    vi.stubEnv(envNames.mode, 'local');
    const local = await hashPassword('correct horse battery staple');
    expect(bcrypt.getRounds(local)).toBe(4);
    expect(await verifyPassword('correct horse battery staple', deployed)).toBe(true);
    expect(await verifyPassword('wrong horse battery staple', local)).toBe(false);

    for (const wrong of ['3', '11', 'cheap', '4.5']) {
      vi.stubEnv(envNames.passwordHashCost, wrong);
      await expect(hashPassword('correct horse battery staple')).rejects.toThrow(/PASSWORD_HASH_COST must be a whole number from 4 to 10/);
    }
  });
});
