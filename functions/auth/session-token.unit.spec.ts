import { describe, expect, it } from 'vitest';
import { signSessionToken, verifySessionToken } from './session-token';

/** Across a rotation of the session key: tokens signed before it still sign in, until the next one. */
const key = (fill: string) => new TextEncoder().encode(fill.repeat(64));
const principal = { userId: 'u-1', sessionId: 's-1', role: 'client' as const };
const inAnHour = () => new Date(Date.now() + 3_600_000);

describe('session tokens across a key rotation', () => {
  it('accepts a token signed with the previous key, signs new ones with the current key, and refuses any other key', async () => {
    const before = await signSessionToken(principal, inAnHour(), { current: key('a') });
    expect(await verifySessionToken(before, { current: key('b'), previous: key('a') })).toEqual(principal);
    const after = await signSessionToken(principal, inAnHour(), { current: key('b'), previous: key('a') });
    expect(await verifySessionToken(after, { current: key('b') })).toEqual(principal);
    expect(await verifySessionToken(after, { current: key('a') })).toBeUndefined();
    // Two rotations later the first key is gone.
    expect(await verifySessionToken(before, { current: key('c'), previous: key('b') })).toBeUndefined();
    expect(await verifySessionToken('not.a.token', { current: key('b'), previous: key('a') })).toBeUndefined();
  });
});
