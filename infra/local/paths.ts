import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** Where the local cloud keeps things. All of it is outside git (see .gitignore). */

export const repoRoot = resolve(import.meta.dirname, '../..');
/** Downloaded emulators: shared by every checkout on the machine. */
export const cacheDir = process.env.CC_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'construction-checklist');
/** Data of `npm start` that survives restarts. */
export const dataDir = join(repoRoot, '.local');
export const webDistDir = join(repoRoot, 'dist/web');
