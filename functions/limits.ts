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

/** Invitations a contractor may send an hour across all their projects (mail to typed addresses). */
export const INVITATIONS_PER_CONTRACTOR_PER_HOUR = 20;
/** Colleagues a company's owner may invite an hour (issue 31: each invitation mails an address someone typed). */
export const TEAM_INVITATIONS_PER_HOUR = 20;
/** Audit and PDF exports one account may ask for an hour (each reads a whole project). */
export const EXPORTS_PER_ACCOUNT_PER_HOUR = 60;
/** Uploads asked for and not yet published (or expired) one account may hold at once. */
export const PENDING_UPLOADS_PER_ACCOUNT = 20;
/** Requests per second (and burst) each API stage takes in AWS, all callers together; beyond, API Gateway answers 429. */
export const API_REQUESTS_PER_SECOND = 200;
export const API_BURST_LIMIT = 400;
/** PDF exports rendering at once in AWS (the function's reserved concurrency): one more is refused while these run, and the other routes keep the account's concurrency. */
export const PDF_EXPORTS_AT_ONCE = 5;

/**
 * Registrations refused (the e-mail is taken) per e-mail and per caller's address in a 15-minute
 * window, claimed before trying as sign-in's are; past it, 429. A registration that succeeds gives
 * its claim back.
 */
export const REGISTRATION_LIMITS = { email: 5, address: 20 } as const;
/** Verification mails to one address an hour, whoever asks (sign-up, e-mail change, Resend). */
export const VERIFICATION_MAILS_PER_ADDRESS_PER_HOUR = 5;
/** 'Someone tried to create an account with your address' mails to one address an hour. */
export const REGISTRATION_NOTICES_PER_ADDRESS_PER_HOUR = 1;
