/**
 * Search parameters of the verification page (`email`; an old link's `token`), and of Sign In and
 * Create Account when a verification link sent the visitor there (`email` to fill in). The token
 * to come back with travels in the fragment (`#verify=…`, see `verifyFromHash`), like every mailed
 * token (issue 27): a reload of Sign In sends it to no server. Only a token travels, never an
 * address to go to, so no link can send a user elsewhere after signing in.
 */

/** A query value as text. The router parses query values as JSON, so an all-digit value arrives as a number. */
export const searchText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 320) : undefined);

const defined = <T extends Record<string, string | undefined>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value)) as { [K in keyof T]?: string };

export type VerifyPageSearch = { token?: string; email?: string };
export type SignInSearch = { email?: string; verify?: string };

/** The verification token Sign In or Create Account should come back with, from `#verify=…`. */
export const verifyFromHash = (hash: string): string | undefined => new URLSearchParams(hash.replace(/^#/, '')).get('verify')?.slice(0, 320) || undefined;

/** The fragment that carries a verification token to Sign In or Create Account. */
export const verifyHash = (token: string) => new URLSearchParams({ verify: token }).toString();

export const parseVerifyPageSearch = (search: Record<string, unknown>): VerifyPageSearch => defined({ token: searchText(search.token), email: searchText(search.email) });
export const parseSignInSearch = (search: Record<string, unknown>): Omit<SignInSearch, 'verify'> => defined({ email: searchText(search.email) });
