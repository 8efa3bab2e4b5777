import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { functionNeeds, manifestHandlers, needsOf, type FunctionNeeds } from './route-permissions';
import { dailyDigest, handlerModulePath, handlerName, httpRoutes, operatorApi, sessionKeyRotator, streamProcessors, webSocketRoutes } from './routes';

const root = resolve(import.meta.dirname, '..');

/**
 * What a module's code can reach: the repository modules it imports, transitively, and the
 * packages they import (type-only imports excluded). A regex over the sources is enough here:
 * every import in functions/ is a static string.
 */
function reach(entry: string): { modules: Set<string>; packages: Set<string> } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    const source = readFileSync(join(root, file), 'utf8');
    for (const [, typeOnly, specifier] of source.matchAll(/(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/g)) {
      if (typeOnly) continue;
      if (!specifier!.startsWith('.')) {
        packages.add(specifier!.startsWith('@') ? specifier!.split('/').slice(0, 2).join('/') : specifier!.split('/')[0]!);
        continue;
      }
      const base = join(dirname(file), specifier!);
      const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find((candidate) => existsSync(join(root, candidate)) && /\.tsx?$/.test(candidate));
      if (found) visit(relative(root, join(root, found)));
    }
  };
  visit(entry);
  return { modules, packages };
}

/** Does the code scan a table? The event store's scans are the operator tools' (replay, verify), not a handler's. */
const scans = ({ modules }: ReturnType<typeof reach>) =>
  [...modules].some((file) => file !== 'functions/store/event-store.ts' && /\b(paginateScan|ScanCommand)\b/.test(readFileSync(join(root, file), 'utf8')));

/** Each declared need, and what a handler's code must reach for it to be of any use. */
const evidence: { [Need in keyof FunctionNeeds]-?: (code: ReturnType<typeof reach>, level: FunctionNeeds[Need]) => boolean } = {
  events: (code, level) => (level === 'scan' || level === 'remove' ? scans(code) : code.modules.has('functions/store/event-store.ts')),
  state: (code, level) => (level === 'scan' ? scans(code) : code.packages.has('@aws-sdk/lib-dynamodb')),
  keys: ({ modules }) => modules.has('functions/personal-data/person-keys.ts'),
  uploads: ({ packages }) => packages.has('@aws-sdk/client-s3'),
  mail: ({ packages }) => packages.has('@aws-sdk/client-sesv2') || packages.has('@aws-sdk/client-ses'),
  connections: ({ packages }) => packages.has('@aws-sdk/client-apigatewaymanagementapi'),
  sessionKey: ({ packages }) => packages.has('@aws-sdk/client-secrets-manager'),
  cdn: ({ packages }) => packages.has('@aws-sdk/client-cloudfront'),
  probes: ({ modules }) => modules.has('functions/adapters/health-probes.ts'),
  meter: ({ modules }) => modules.has('functions/usage/fair-share.ts'),
  archive: ({ modules }) => modules.has('functions/archive/archive-bucket.ts'),
};

describe('route permissions (what each function may do in AWS)', () => {
  it('has an entry for every handler of the manifest, and none for a handler it does not name', () => {
    const handlers = manifestHandlers().map(handlerName);
    expect(handlers).toEqual(expect.arrayContaining([httpRoutes.health.handler, webSocketRoutes.$connect.handler, streamProcessors.handler, sessionKeyRotator.handler, dailyDigest.handler].map(handlerName)));
    const undeclared = handlers.filter((handler) => !(handler in functionNeeds));
    expect(undeclared, `declare these handlers in functions/route-permissions.ts: ${undeclared.join(', ')}`).toEqual([]);
    expect(Object.keys(functionNeeds).filter((handler) => !handlers.includes(handler))).toEqual([]);
    expect(() => needsOf(new URL('./handlers/a-route-added-later.ts', import.meta.url))).toThrow(/handler 'a-route-added-later' has no entry/);
  });

  it('grants each need only to a handler whose code can use it (its imports reach that service)', () => {
    const unused: string[] = [];
    for (const handler of manifestHandlers()) {
      const needs = needsOf(handler);
      const code = reach(handlerModulePath(handler));
      for (const need of Object.keys(needs) as (keyof FunctionNeeds)[]) if (!(evidence[need] as (code: unknown, level: unknown) => boolean)(code, needs[need])) unused.push(`${handlerName(handler)}: ${need}`);
    }
    expect(unused).toEqual([]);
  });

  it('keeps the dangerous levels to the few that need them: no route scans a table; only Delete Account and the operators\' offboarding erase a key', () => {
    const routeHandlers = new Set<string>([...Object.values(httpRoutes), ...Object.values(webSocketRoutes)].map((route) => handlerName(route.handler)));
    const deleteAccount = handlerName(httpRoutes.deleteAccount.handler);
    const needs = Object.entries(functionNeeds) as [string, FunctionNeeds][];
    expect(needs.filter(([handler, need]) => routeHandlers.has(handler) && need.state === 'scan').map(([handler]) => handler)).toEqual<string[]>([]);
    // The operators' API (not a route of the product's API) removes an offboarded tenant, keys included.
    expect(needs.filter(([, need]) => need.keys === 'erase').map(([handler]) => handler)).toEqual<string[]>([deleteAccount, handlerName(operatorApi.handler)]);
    expect(needs.filter(([, need]) => need.events === 'scan').map(([handler]) => handler)).toEqual<string[]>([]);
    expect(needs.filter(([, need]) => need.cdn).map(([handler]) => handler)).toEqual<string[]>([deleteAccount]);
    // GET routes read; those that record a checkpoint or count an export do not write more than that.
    for (const route of Object.values(httpRoutes).filter((r) => r.method === 'GET')) {
      const need = needsOf(route.handler);
      const handler = handlerName(route.handler);
      expect(need.events ?? 'read', handler).toBe('read');
      expect(['read', 'record'], handler).toContain(need.state);
      expect(need.keys ?? 'open', handler).toBe('open');
      expect(need.mail, handler).toBeUndefined();
    }
  });

  it('names handler modules: each a file of functions/handlers/ that exports `handler`, and every such file', () => {
    const folder = join(root, 'functions/handlers');
    const named = manifestHandlers();
    for (const handler of named) {
      const file = fileURLToPath(handler);
      expect(dirname(file), handler.href).toBe(folder);
      expect(relative(root, file)).toBe(handlerModulePath(handler));
      // Read, not imported: a handler reads its configuration (tables, keys) when imported.
      expect(readFileSync(file, 'utf8'), handler.href).toMatch(/^export (?:async function|function|const) handler\b|^export \{[^}]*\bhandler\b/m);
    }
    const files = readdirSync(folder).filter((name) => !name.includes('.spec.'));
    expect(named.map((handler) => `${handlerName(handler)}.ts`).sort()).toEqual(files.sort());
  });
});
