import * as z from 'zod/mini';
import { roles, type Role } from './roles';

/**
 * Account inputs and their rules, exactly as spec section 5 words them. Shared by the API
 * (request validation) and the web app (forms), so both say the same thing.
 */

export const MIN_PASSWORD_LENGTH = 8;
/** Ours (issue 12): no password, current or new, is longer; an e-mail address at most 254 (RFC 5321). */
export const MAX_PASSWORD_LENGTH = 200;
export const MAX_EMAIL_LENGTH = 254;

// Apart from the schemas, so the server's session code and messages read them without building every form's schema at import.
export { roles, type Role };
export { accountMessages, signInLinkMessages } from './messages';

// Checked for length before its shape, so an oversized address never reaches a lookup.
const email = z.pipe(
  z.string('Invalid email address').check(z.trim(), z.maxLength(MAX_EMAIL_LENGTH, `Email must be at most ${MAX_EMAIL_LENGTH} characters`), z.toLowerCase()),
  z.email('Invalid email address'),
);
const passwordTooLong = `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
/**
 * bcrypt reads only the first 72 bytes of a password: a longer new password would be cut short
 * without a word, so it is refused instead (every byte of a password counts). Existing hashes
 * are untouched.
 */
export const MAX_PASSWORD_BYTES = 72;
export const passwordTooManyBytes = `Password must be at most ${MAX_PASSWORD_BYTES} bytes (${MAX_PASSWORD_BYTES} plain letters or digits; accents and emoji take more)`;
const newPassword = z
  .string(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .check(
    z.minLength(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
    z.maxLength(MAX_PASSWORD_LENGTH, passwordTooLong),
    z.refine((password) => new TextEncoder().encode(password).length <= MAX_PASSWORD_BYTES, passwordTooManyBytes),
  );
/** A mailed token (reset or verification): anything over 100 characters is no token of ours. */
const MAX_TOKEN_LENGTH = 100;
/** Names reach mail headers (a notice's greeting, an invitation's subject): a line break there could forge a header (issue 27). */
const oneLine = (label: string) => z.refine<string>((value) => !value || !/[\r\n\u2028\u2029]/.test(value), `${label} must be on one line`);
const firstName = z.string('First name is required').check(z.trim(), z.minLength(1, 'First name is required'), z.maxLength(100, 'First name must be at most 100 characters'), oneLine('First name'));
const lastName = z.string('Last name is required').check(z.trim(), z.minLength(1, 'Last name is required'), z.maxLength(100, 'Last name must be at most 100 characters'), oneLine('Last name'));
// Company name 200 and phone 50 below, as for projects (events/projects/model.ts `limits`).
/** Optional text: blank means none. */
const optionalText = (label: string, max: number) =>
  z.pipe(
    z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`), oneLine(label)))),
    z.transform((value) => (value ? value : null)),
  );

const passwordsMatch = <T extends { password: string; confirmPassword: string }>(value: T, ctx: z.core.$RefinementCtx<T>) => {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', message: "Passwords don't match", path: ['confirmPassword'] });
  }
};

export const loginInput = z.object({
  email,
  password: z.string('Password is required').check(z.minLength(1, 'Password is required'), z.maxLength(MAX_PASSWORD_LENGTH, passwordTooLong)),
});

export const registerInput = z
  .object({
    firstName,
    lastName,
    email,
    role: z.enum(roles, 'Role must be contractor or client'),
    companyName: optionalText('Company name', 200),
    phone: optionalText('Phone', 50),
    password: newPassword,
    confirmPassword: z.string("Passwords don't match").check(z.maxLength(MAX_PASSWORD_LENGTH, "Passwords don't match")),
  })
  .check(z.superRefine(passwordsMatch));

export const forgotPasswordInput = z.object({ email });

export const resetPasswordInput = z
  .object({
    token: z.string('Token is required').check(z.minLength(1, 'Token is required'), z.maxLength(MAX_TOKEN_LENGTH, 'Token is invalid')),
    password: newPassword,
    confirmPassword: z.string("Passwords don't match").check(z.maxLength(MAX_PASSWORD_LENGTH, "Passwords don't match")),
  })
  .check(z.superRefine(passwordsMatch));

const currentPassword = z.string('Current password is required').check(z.minLength(1, 'Current password is required'), z.maxLength(MAX_PASSWORD_LENGTH, passwordTooLong));

export const profileInput = z.object({
  firstName,
  lastName,
  email,
  companyName: optionalText('Company name', 200),
  phone: optionalText('Phone', 50),
  /** Needed to change the e-mail (issue 27), unless a mailed link opened the session just now. */
  currentPassword: z.optional(currentPassword),
});

/** 'This was not me': the token of the link mailed with the notice of a change. */
export const notMeInput = z.object({
  token: z.string('Token is required').check(z.trim(), z.minLength(1, 'Token is required'), z.maxLength(MAX_TOKEN_LENGTH, 'Token is invalid')),
});

/** The token from a verification or invitation link; anything over 100 characters is no token of ours. */
export const verifyEmailInput = z.object({
  token: z.string('Token is required').check(z.trim(), z.minLength(1, 'Token is required'), z.maxLength(MAX_TOKEN_LENGTH, 'Token is invalid')),
});

/** Sign-in by e-mail link (issue 18): the address to mail a link to. */
export const magicLinkInput = z.object({ email });

/** The token of a mailed sign-in link: the same shape as a verification link's. */
export const magicLinkVerifyInput = verifyEmailInput;


/**
 * What the API takes; the web form adds the confirmation (see changePasswordForm). The current
 * password may be left out only by a session a mailed link opened just now (issue 27: an account
 * whose password was dropped at its address's first proof sets one so).
 */
export const changePasswordInput = z.object({ currentPassword: z.optional(currentPassword), newPassword });

/** The new password twice: the confirmation is required and must match (on the confirm field). */
const newPasswordTwice = { newPassword, confirmPassword: z.string('Please confirm your password').check(z.minLength(1, 'Please confirm your password')) };
const confirmationMatches = z.superRefine((value: { newPassword: string; confirmPassword: string }, ctx) => {
  if (value.confirmPassword && value.newPassword !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', message: "Passwords don't match", path: ['confirmPassword'] });
  }
});

export const changePasswordForm = z.object({ currentPassword, ...newPasswordTwice }).check(confirmationMatches);

/** Issue 27: an account without a password (dropped at its address's first proof) sets one, right after a sign-in link: no current password. */
export const setPasswordForm = z.object(newPasswordTwice).check(confirmationMatches);

/** A user as the API answers it: never the password hash. */
/**
 * What the web app's forms hold. Route files name these (type-only imports), not `typeof` a schema:
 * the router's code splitting keeps an import a route's kept part names, and with it zod and the
 * schemas would come into the main bundle (issue 16: the first load's JS).
 */
export type RegisterForm = z.input<typeof registerInput>;
export type ProfileForm = z.input<typeof profileInput>;
export type PasswordForm = z.input<typeof changePasswordForm>;
export type SetPasswordForm = z.input<typeof setPasswordForm>;

export interface User {
  readonly id: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly role: Role;
  readonly companyName: string | null;
  readonly phone: string | null;
  readonly isEmailVerified: boolean;
  /** Issue 27: true once a password set before the address was proved was dropped: the account signs in by link until it sets one. */
  readonly linkSignInOnly: boolean;
  readonly isActive: boolean;
  readonly lastLoginAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

