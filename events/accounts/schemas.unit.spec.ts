import { describe, expect, it } from 'vitest';
import { changePasswordInput, forgotPasswordInput, loginInput, MAX_PASSWORD_BYTES, passwordTooManyBytes, profileInput, registerInput, resetPasswordInput } from './schemas';

/** Every account text has a length limit, checked before anything is looked up (issue 12). */

const fieldsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) => [...new Set(result.error?.issues.map((issue) => issue.path.join('.')))];
const huge = 'x'.repeat(5000);

describe('account inputs', () => {
  it('given a 5000-character e-mail, when signing in, asking for a reset, registering or editing the profile, then email is named', () => {
    const email = `${huge}@example.com`;
    expect(fieldsOf(loginInput.safeParse({ email, password: 'secret' }))).toEqual(['email']);
    expect(loginInput.safeParse({ email, password: 'secret' }).error?.issues[0]?.message).toBe('Email must be at most 254 characters');
    expect(fieldsOf(forgotPasswordInput.safeParse({ email }))).toEqual(['email']);
    expect(fieldsOf(profileInput.safeParse({ firstName: 'A', lastName: 'B', email }))).toEqual(['email']);
    expect(fieldsOf(registerInput.safeParse({ firstName: 'A', lastName: 'B', email, role: 'client', password: 'long enough', confirmPassword: 'long enough' }))).toEqual(['email']);
  });

  it('given an address of 254 characters, then it is taken; 255 is not', () => {
    const address = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
    expect(loginInput.safeParse({ email: address(254), password: 'p' }).success).toBe(true);
    expect(fieldsOf(loginInput.safeParse({ email: address(255), password: 'p' }))).toEqual(['email']);
    expect(loginInput.safeParse({ email: 'casey@example.com', password: 'p' }).success).toBe(true);
  });

  it('given oversized passwords and tokens, then each is named', () => {
    expect(fieldsOf(loginInput.safeParse({ email: 'a@example.com', password: huge }))).toEqual(['password']);
    expect(fieldsOf(changePasswordInput.safeParse({ currentPassword: huge, newPassword: 'long enough' }))).toEqual(['currentPassword']);
    expect(fieldsOf(resetPasswordInput.safeParse({ token: huge, password: 'long enough', confirmPassword: 'long enough' }))).toEqual(['token']);
  });

  it('given a new password over 72 bytes (all bcrypt reads), then it is refused, counted in bytes, not letters', () => {
    const register = (password: string) => registerInput.safeParse({ firstName: 'A', lastName: 'B', email: 'a@example.com', role: 'client', password, confirmPassword: password });
    expect(register('a'.repeat(MAX_PASSWORD_BYTES)).success).toBe(true);
    expect(register('a'.repeat(MAX_PASSWORD_BYTES + 1)).error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['password', passwordTooManyBytes]]);
    // 37 letters of two bytes each: 74 bytes, though fewer than 72 letters.
    expect(register('é'.repeat(37)).success).toBe(false);
    expect(fieldsOf(changePasswordInput.safeParse({ currentPassword: 'old one', newPassword: '🔑'.repeat(19) }))).toEqual(['newPassword']);
    expect(fieldsOf(resetPasswordInput.safeParse({ token: 't', password: 'b'.repeat(73), confirmPassword: 'b'.repeat(73) }))).toEqual(['password']);
  });

  it('given the spec\'s rules, then its messages stay as they are', () => {
    expect(loginInput.safeParse({ email: 'nope', password: '' }).error?.issues.map((issue) => issue.message)).toEqual(['Invalid email address', 'Password is required']);
  });
});
