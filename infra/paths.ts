import { join, resolve } from 'node:path';

/** The repository root (one package): the parent of `infra/`. */
export const repoRoot = resolve(import.meta.dirname, '..');
/** Where `vite build` writes the web app. */
export const webDistDir = join(repoRoot, 'dist/web');
/** The environment of the app `npm start` runs, for the command-line tools. */
export const localEnvironmentFile = join(repoRoot, '.local/cloud-env.json');
