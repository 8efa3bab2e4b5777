import type { User } from '../events/accounts/schemas';

/** The account calls' answer shapes (spec section 7, Auth and account). */

export type { User } from '../events/accounts/schemas';

export interface MessageAnswer {
  message: string;
}

/** `resetLink` comes back only from the local cloud, for the development toast. */
export interface ForgotPasswordAnswer extends MessageAnswer {
  resetLink?: string;
}

/** `verificationLink` comes back only from the local cloud, for a development toast. */
export interface ResendVerificationAnswer extends MessageAnswer {
  verificationLink?: string;
}

export interface VerifyEmailAnswer {
  success: true;
  user: User;
  /** Issue 27: the address's first proof dropped a password set before it (by whoever made the account): the prover sets one. */
  passwordCleared: boolean;
}
