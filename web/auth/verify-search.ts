/**
 * Search parameters of the verification page (`token`, `email`), of the sign-in link's page
 * (`token`), and of Sign In and Create
 * Account when a verification link sent the visitor there (`email` to fill in, `verify`: the
 * token to come back with). Only a token travels, never an address to go to, so no link can send
 * a user elsewhere after signing in.
 */

/** A query value as text. The router parses query values as JSON, so an all-digit value arrives as a number. */
export const searchText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 320) : undefined);

const defined = <T extends Record<string, string | undefined>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value)) as { [K in keyof T]?: string };

export type VerifyPageSearch = { token?: string; email?: string };
export type SignInSearch = { email?: string; verify?: string };

export const parseVerifyPageSearch = (search: Record<string, unknown>): VerifyPageSearch => defined({ token: searchText(search.token), email: searchText(search.email) });
export const parseSignInSearch = (search: Record<string, unknown>): SignInSearch => defined({ email: searchText(search.email), verify: searchText(search.verify) });
/** Kept here, not beside the page: a route's search rules load with the app, its page only when opened. */
export const parseSignInLinkSearch = (search: Record<string, unknown>): { token?: string } => defined({ token: searchText(search.token) });
