import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { repoRoot } from '../paths';

/**
 * Packages with native binaries that esbuild cannot bundle: sharp (issue 30: photos are decoded,
 * re-encoded and thumbnailed with it) loads libvips for the platform it runs on. A function whose
 * code reaches one gets it installed beside its bundle, for Lambda's platform (linux, arm64,
 * glibc), instead of bundled; others do not carry its ~20 MB.
 */
export const NATIVE_PACKAGES = ['sharp'] as const;

/** npm's choice of optional platform packages (sharp's @img/* binaries) when installing for Lambda. */
export const lambdaPlatformInstall = { npm_config_os: 'linux', npm_config_cpu: 'arm64', npm_config_libc: 'glibc' } as const;

const importsOf = new Map<string, { modules: string[]; packages: string[] }>();

/** A module's non-type imports (static and dynamic): repository files (resolved) and package names. */
function imports(file: string): { modules: string[]; packages: string[] } {
  let found = importsOf.get(file);
  if (found) return found;
  found = { modules: [], packages: [] };
  const source = readFileSync(join(repoRoot, file), 'utf8');
  // Static imports and exports, and `import('…')` (a package loaded on first use is still loaded).
  for (const [, typeOnly, staticSpecifier, dynamicSpecifier] of source.matchAll(/(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const specifier = staticSpecifier ?? dynamicSpecifier;
    if (typeOnly) continue;
    if (!specifier!.startsWith('.')) {
      found.packages.push(specifier!.startsWith('@') ? specifier!.split('/').slice(0, 2).join('/') : specifier!.split('/')[0]!);
      continue;
    }
    const base = join(dirname(file), specifier!);
    const resolved = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find((candidate) => /\.tsx?$/.test(candidate) && existsSync(join(repoRoot, candidate)));
    if (resolved) found.modules.push(relative(repoRoot, join(repoRoot, resolved)));
  }
  importsOf.set(file, found);
  return found;
}

/** The native packages a handler module's code reaches (its imports, transitively). */
export function nativePackagesOf(entry: string): string[] {
  const seen = new Set<string>();
  const reached = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const { modules, packages } = imports(file);
    for (const name of packages) if ((NATIVE_PACKAGES as readonly string[]).includes(name)) reached.add(name);
    modules.forEach(visit);
  };
  visit(relative(repoRoot, entry));
  return [...reached].sort();
}
