import bcrypt from 'bcryptjs';

/** bcrypt, cost 10 (~100 ms here): slow enough against guessing, fast enough for sign-in. */
const COST = 10;

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, COST);

// Compared against when the e-mail is unknown, so the answer takes as long either way.
const UNKNOWN_USER_HASH = bcrypt.hashSync('no such user: timing decoy', COST);

export const verifyPassword = (password: string, hash: string | undefined): Promise<boolean> =>
  bcrypt.compare(password, hash ?? UNKNOWN_USER_HASH);
