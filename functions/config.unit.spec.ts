import { afterEach, describe, expect, it } from 'vitest';
import { config, envNames, LOCAL_SESSION_SECRET, MIN_SESSION_SECRET_LENGTH } from './config';

/** Outside the local cloud, the session key must be one nobody else knows (issue 12). */

const saved = { mode: process.env[envNames.mode], secret: process.env[envNames.sessionSecret] };
afterEach(() => {
  for (const [name, value] of [[envNames.mode, saved.mode], [envNames.sessionSecret, saved.secret]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const inAws = (secret: string | undefined) => {
  delete process.env[envNames.mode];
  if (secret === undefined) delete process.env[envNames.sessionSecret];
  else process.env[envNames.sessionSecret] = secret;
  return () => config();
};

describe('the session key', () => {
  it('refuses to run in AWS without one, with the public local one, or with a short one', () => {
    for (const secret of [undefined, '', LOCAL_SESSION_SECRET, 'x'.repeat(MIN_SESSION_SECRET_LENGTH - 1)]) {
      expect(inAws(secret), String(secret)).toThrow(/SESSION_SECRET must be set to a random key/);
    }
  });

  it('takes a long random key in AWS, and falls back to the local one only on the local cloud', () => {
    const key = 'k'.repeat(MIN_SESSION_SECRET_LENGTH);
    expect(inAws(key)().sessionSecret).toBe(key);
    process.env[envNames.mode] = 'local';
    delete process.env[envNames.sessionSecret];
    expect(config().sessionSecret).toBe(LOCAL_SESSION_SECRET);
  });
});
