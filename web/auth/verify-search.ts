/**
 * Search parameters of the verification page (`token`, `email`), and of Sign In and Create
 * Account when a verification link sent the visitor there (`email` to fill in, `verify`: the
 * token to come back with). Only a token travels, never an address to go to, so no link can send
 * a user elsewhere after signing in.
 */

// The router parses query values as JSON, so an all-digit value arrives as a number.
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 320) : undefined);

const defined = <T extends Record<string, string | undefined>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value)) as { [K in keyof T]?: string };

export type VerifyPageSearch = { token?: string; email?: string };
export type SignInSearch = { email?: string; verify?: string };

export const parseVerifyPageSearch = (search: Record<string, unknown>): VerifyPageSearch => defined({ token: text(search.token), email: text(search.email) });
export const parseSignInSearch = (search: Record<string, unknown>): SignInSearch => defined({ email: text(search.email), verify: text(search.verify) });
