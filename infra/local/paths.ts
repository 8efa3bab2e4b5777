import { homedir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../paths';

/** Where the local cloud keeps things. All of it is outside git (see .gitignore). */

/** Downloaded emulators: shared by every checkout on the machine. */
export const cacheDir = process.env.CC_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'construction-checklist');
/** Data of `npm start` that survives restarts (CC_DATA_DIR: elsewhere, e.g. to try an empty database aside). */
export const dataDir = process.env.CC_DATA_DIR ?? join(repoRoot, '.local');
