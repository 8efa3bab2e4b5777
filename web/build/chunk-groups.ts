import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * How the web app's code is cut into files (issue 16). Left to itself the bundler makes a file for
 * every set of lazy pieces that share some modules: the main bundle came as 28 files (the router's
 * hooks, zod, the API client… each shared with some page), and the checklist's first draw fetched 13
 * more, as the Audit page, the homes and the dialogs each share a little with it. Each file is
 * compressed on its own and is a request a slow phone waits for (Lighthouse's phone: 150 ms each,
 * six at a time). Here:
 * - `app`: the main bundle, what the entry imports statically: one file (and the bundler's runtime);
 * - `signed-in`: of what the checklist draws with, what other signed-in pages use too, and the
 *   signed-in guard every signed-in page loads;
 * - `checklist`: the rest of what the checklist draws with.
 * The checklist fetches nothing it does not use; the signed-out pages none of the last two files.
 * Everything else (dialogs, other pages' own code) is cut by the bundler as before.
 */

type Group = 'app' | 'signed-in' | 'checklist';

/** Lazy pieces of pages (TanStack Router's `?tsr-split=` modules): the signed-in ones, their layout, the checklist's. */
const pagePiece = /[\\/]web[\\/]routes[\\/].+\.tsx\?tsr-split=/;
const signedInPiece = /[\\/]web[\\/]routes[\\/]_signed-in(\.tsx|[\\/].+\.tsx)\?tsr-split=/;
const layoutPiece = /[\\/]web[\\/]routes[\\/]_signed-in\.tsx\?tsr-split=/;
const checklistPiece = /[\\/]web[\\/]routes[\\/]_signed-in[\\/]\$checklist\.\$id\.tsx\?tsr-split=/;
const lucideIndex = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const fromLucide = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;

/** The plugin that reads the module graph once it is built, and the file a module goes to (null: the bundler's choice). */
export function chunkGroups(): { plugin: Plugin; groupOf: (id: string) => Group | null } {
  const groupOf = new Map<string, Group>();
  const plugin: Plugin = {
    name: 'cc-chunk-groups',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      /** Modules and everything they import statically: what must be there before they run. */
      const closure = (roots: readonly string[]) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const imported of info(id)?.importedIds ?? []) visit(imported);
        };
        roots.forEach(visit);
        return seen;
      };

      // Icons come through lucide-react's index, which the graph shows as importing every icon:
      // an icon counts as used by a module that names it.
      const index = ids.find((id) => lucideIndex.test(id));
      const iconFile = new Map<string, string>();
      for (const [, names = '', file = ''] of (index && info(index)?.code?.matchAll(/export\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g)) || []) {
        for (const name of names.split(',')) iconFile.set(name.replace(/.*\bas\s+/, '').trim(), resolve(dirname(index!), file));
      }
      const isIcon = (id: string) => id.startsWith(resolve(dirname(index ?? '/'), 'icons'));
      /** The modules of `modules` that the app uses, icons by name, without the rest of the icon set. */
      const used = (modules: Set<string>) => {
        const found = new Set([...modules].filter((id) => !isIcon(id)));
        for (const id of found) {
          if (id.includes('node_modules')) continue;
          for (const [, names = ''] of info(id)?.code?.matchAll(fromLucide) ?? []) {
            for (const name of names.split(',')) {
              const file = iconFile.get(name.replace(/\s+as\s+.*/, '').trim());
              if (file) found.add(file);
            }
          }
        }
        return found;
      };

      const initial = used(closure(ids.filter((id) => info(id)?.isEntry)));
      for (const id of initial) if (!id.endsWith('.html')) groupOf.set(id, 'app');
      // The route pieces keep files of their own: the router fetches a page's pieces by name (and bench/web-first-load.ts finds them so).
      const own = (roots: readonly string[]) => new Set([...used(closure(roots))].filter((id) => !initial.has(id) && !id.includes('?tsr-split=')));
      // What the signed-out pages (Sign In…) use as well is left to the bundler: they fetch none of these files.
      // So is what the main bundle loads later on any page (the device's copy of the reads, issue 29).
      const lazyFromApp = [...initial].flatMap((id) => info(id)?.dynamicallyImportedIds ?? []).filter((id) => !pagePiece.test(id));
      const signedOut = own([...ids.filter((id) => pagePiece.test(id) && !signedInPiece.test(id)), ...lazyFromApp]);
      const otherSignedIn = own(ids.filter((id) => signedInPiece.test(id) && !checklistPiece.test(id) && !layoutPiece.test(id)));
      const assign = (id: string, group: Group) => !groupOf.has(id) && !signedOut.has(id) && groupOf.set(id, group);
      for (const id of own(ids.filter((id) => layoutPiece.test(id)))) assign(id, 'signed-in');
      for (const id of own(ids.filter((id) => checklistPiece.test(id)))) assign(id, otherSignedIn.has(id) ? 'signed-in' : 'checklist');
    },
    generateBundle(_, bundle) {
      // Were a module of the main bundle put here, every page (Sign In too) would fetch these files first.
      // The main bundle is the `app` group's file: the entry module sits in it, so no chunk is `isEntry`.
      const main = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.name === 'app');
      if (main?.type !== 'chunk') return this.error('No main bundle (the app group) in the build (web/build/chunk-groups.ts)');
      const grouped = main.imports.filter((file) => /(^|\/)(signed-in|checklist)-[\w-]+\.js$/.test(file));
      if (grouped.length) this.error(`The main bundle imports ${grouped.join(', ')} (web/build/chunk-groups.ts)`);
    },
  };
  return { plugin, groupOf: (id) => groupOf.get(id) ?? null };
}
