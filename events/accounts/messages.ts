/** What the account routes answer in words: the web shows these as they are. */

export const accountMessages = {
  invalidLogin: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists.',
  resetLinkSent: 'If an account with that email exists, a password reset link has been sent.',
  invalidResetLink: 'The password reset link is invalid or expired.',
  wrongCurrentPassword: 'Current password is incorrect.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
  invalidVerificationLink: 'This verification link is invalid or has expired.',
  verificationForAnotherEmail: 'This link was sent to another email address. Sign in with that address to use it.',
  verificationSent: 'Verification email sent. Check your inbox.',
  alreadyVerified: 'Your email address is already verified.',
  tooManyVerificationMails: 'Too many verification emails. Please try again in an hour.',
  currentPasswordRequired: 'Current password is required',
  signInByLinkFirst: 'Your account has no password yet. Sign in with a link mailed to you, then set one within 15 minutes.',
  tooManyRegistrations: 'Too many attempts to create an account. Please wait 15 minutes and try again.',
  invalidNotMeLink: 'This link is invalid, has expired or was already used.',
  sessionsEnded: 'Every session of the account was ended and its password removed. Sign in with a link mailed to you, or reset your password.',
} as const;

/** What the sign-in link routes answer, and the web shows as they are. */
export const signInLinkMessages = {
  sent: 'If an account with that email exists, a sign-in link has been sent. It works once, within 15 minutes.',
  invalid: 'This sign-in link is invalid, has expired or was already used. Ask for a new one.',
  tooMany: 'Too many sign-in links requested. Please try again in an hour.',
} as const;
