import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a browser fetches before a page draws, from a build's manifest
 * (`vite build --manifest`): the entry, the lazy chunks of the page's routes (TanStack Router
 * splits each route file into `?tsr-split=` chunks and loads all of a matched route's before it
 * draws), and everything those import statically. Dynamic imports (dialogs, the toaster) wait.
 */

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** The pages issue 14 limits, by the route files they match, with their limits in KB gzip. */
export const firstLoadPages = [
  { page: '/login', routes: ['routes/login.tsx'], limitKb: 100 },
  { page: '/project/{id} (checklist)', routes: ['routes/_signed-in.tsx', 'routes/_signed-in/$checklist.$id.tsx'], limitKb: 150 },
] as const;

export function firstLoad(outDir: string) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const size = (file: string) => {
    const content = readFileSync(join(outDir, file));
    return { raw: content.length, gzip: gzipSync(content).length };
  };

  return firstLoadPages.map(({ page, routes, limitKb }) => {
    const split = Object.keys(manifest).filter((key) => routes.some((route) => key.startsWith(`${route}?tsr-split=`)));
    const chunks = new Set<string>();
    const visit = (key: string) => {
      if (chunks.has(key) || !manifest[key]?.file.endsWith('.js')) return;
      chunks.add(key);
      for (const imported of manifest[key]!.imports ?? []) visit(imported);
    };
    for (const key of [entry, ...split]) visit(key);
    const sizes = [...chunks].map((key) => ({ file: manifest[key]!.file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '.js'), ...size(manifest[key]!.file) }));
    const total = sizes.reduce((sum, chunk) => ({ raw: sum.raw + chunk.raw, gzip: sum.gzip + chunk.gzip }), { raw: 0, gzip: 0 });
    return {
      page,
      chunks: sizes.length,
      kb: +(total.raw / 1024).toFixed(1),
      gzipKb: +(total.gzip / 1024).toFixed(1),
      limitGzipKb: limitKb,
      largest: sizes
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 6)
        .map((chunk) => `${chunk.file} ${(chunk.gzip / 1024).toFixed(1)}`)
        .join(', '),
    };
  });
}
