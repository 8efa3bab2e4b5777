import { describe, expect, it } from 'vitest';
import { firstReadsOf, routePattern } from './route-preload';

/** The addresses the route-preload script (route-preload.ts) gives each route file's files to. */
describe('routePattern', () => {
  const matches = (file: string, path: string) => new RegExp(routePattern(file)).test(path);

  it('reads TanStack Router flat file names as the addresses they answer', () => {
    expect(matches('_signed-in/project.$id', '/project/3f2a')).toBe(true);
    expect(matches('_signed-in/project.$id', '/project/3f2a/')).toBe(true);
    expect(matches('_signed-in/client-project.$id', '/client-project/3f2a')).toBe(true);
    expect(matches('_signed-in/project.$id_.audit', '/project/3f2a/audit')).toBe(true);
    // The checklist's one file for both its addresses: a parameter first segment (the route's params.parse narrows it).
    expect(matches('_signed-in/$checklist.$id', '/project/3f2a')).toBe(true);
    expect(matches('_signed-in/$checklist.$id', '/client-project/3f2a')).toBe(true);
    expect(matches('_signed-in/index', '/')).toBe(true);
    expect(matches('login', '/login')).toBe(true);
    expect(matches('digest-unsubscribe', '/digest-unsubscribe')).toBe(true);
  });

  it('gives no page the files of another', () => {
    expect(matches('_signed-in/project.$id', '/project/3f2a/audit')).toBe(false);
    expect(matches('_signed-in/project.$id', '/client-project/3f2a')).toBe(false);
    expect(matches('_signed-in/project.$id', '/project/')).toBe(false);
    expect(matches('_signed-in/$checklist.$id', '/project/3f2a/audit')).toBe(false);
    expect(matches('_signed-in/index', '/login')).toBe(false);
    expect(matches('login', '/login/extra')).toBe(false);
    expect(matches('login', '/xlogin')).toBe(false);
  });
});

/** The reads the script asks for beside the code (route-preload.ts): the page's loaders' first reads. */
describe('firstReadsOf', () => {
  it("asks for the session on every signed-in page and the checklist on the checklist's, with the route's own parameters", () => {
    expect(firstReadsOf('_signed-in/$checklist.$id')).toEqual(['/api/auth/me', '/api/projects/{id}/checklist']);
    expect(firstReadsOf('_signed-in/index')).toEqual(['/api/auth/me']);
    expect(firstReadsOf('login')).toEqual([]);
    expect(new RegExp(routePattern('_signed-in/$checklist.$id')).exec('/client-project/3f2a')?.groups).toEqual({ checklist: 'client-project', id: '3f2a' });
  });
});
