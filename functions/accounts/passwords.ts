import bcrypt from 'bcryptjs';

/** bcrypt, cost 10 (~100 ms here): slow enough against guessing, fast enough for sign-in. */
const COST = 10;

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, COST);

/**
 * Compared against when the e-mail is unknown, so the answer takes as long either way: a
 * well-formed bcrypt hash at the same cost (its digest is no password's; comparing still hashes at
 * COST rounds). A constant, not hashed at load: a cold start pays no bcrypt run.
 */
export const UNKNOWN_USER_HASH = `$2b$${String(COST).padStart(2, '0')}$iAAhMb1N5prbwYrmqh.rJ.Unknown.user.decoy.matches.none`;

/** No account, or an account without a password (dropped at its address's first proof): compared against the decoy, never true. */
export const verifyPassword = async (password: string, hash: string | null | undefined): Promise<boolean> =>
  (await bcrypt.compare(password, hash ?? UNKNOWN_USER_HASH)) && hash != null;
