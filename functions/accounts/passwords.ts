import bcrypt from 'bcryptjs';
import { config } from '../config';

/** bcrypt, cost 10 (~100 ms here) in AWS: slow enough against guessing, fast enough for sign-in (functions/config.ts). */
export const hashPassword = async (password: string): Promise<string> => bcrypt.hash(password, config().passwordHashCost);

/**
 * Compared against when the e-mail is unknown, so the answer takes as long either way: a
 * well-formed bcrypt hash at the cost new hashes get (its digest is no password's; comparing still
 * hashes at that cost). Written out, not hashed at load: a cold start pays no bcrypt run.
 */
export const unknownUserHash = (cost: number): string => `$2b$${String(cost).padStart(2, '0')}$iAAhMb1N5prbwYrmqh.rJ.Unknown.user.decoy.matches.none`;

/** No account, or an account without a password (dropped at its address's first proof): compared against the decoy, never true. */
export const verifyPassword = async (password: string, hash: string | null | undefined): Promise<boolean> =>
  (await bcrypt.compare(password, hash ?? unknownUserHash(config().passwordHashCost))) && hash != null;
