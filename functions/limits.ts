/**
 * Every per-person and per-account limit the API enforces, in one place (the README's security
 * section lists them). Counted in the state table by functions/accounts/throttle.ts.
 */

/** Failed sign-ins per e-mail and per caller's address in a 15-minute window; past it, 429. */
export const LOGIN_LIMITS = { email: 5, address: 20 } as const;

/** Reset mails per e-mail an hour, so nobody can flood someone's inbox. */
export const RESET_MAILS_PER_HOUR = 5;
/** Verification mails an account may ask for again (Resend) an hour. */
export const VERIFICATION_MAILS_PER_HOUR = 3;
/** Invitations per project an hour (Share with Client). */
export const INVITATIONS_PER_PROJECT_PER_HOUR = 5;

/**
 * Sign-in links asked for per e-mail and per caller's address in a clock hour, counted before
 * looking the e-mail up, so the 429 is the same whether or not an account has it.
 */
export const SIGN_IN_LINK_LIMITS = { email: 5, address: 20 } as const;
