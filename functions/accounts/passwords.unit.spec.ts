import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_USER_HASH, hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('checks an unknown user against a decoy as costly as a real hash', async () => {
    const real = await hashPassword('correct horse battery staple');
    expect(UNKNOWN_USER_HASH).toHaveLength(real.length);
    expect(bcrypt.getRounds(UNKNOWN_USER_HASH)).toBe(bcrypt.getRounds(real));
    expect(await verifyPassword('correct horse battery staple', real)).toBe(true);
    expect(await verifyPassword('correct horse battery staple', undefined)).toBe(false);
    expect(await verifyPassword('no such user: timing decoy', undefined)).toBe(false);
  });
});
