import { describe, expect, it } from 'vitest';
import { stateKeys } from './keys';
import { generationPrefix, viewPrefix, withViewGeneration } from './view-generation';

/** The keys a shadow rebuild builds anew (issue 31): what the projections write, and their gsi keys. Everything else is plain state. */
const viewKeys = [
  'personProject', 'personProjects', 'projectSummary', 'projectRoom', 'historyEntry', 'roomPointer', 'roomItem', 'itemPointer',
  'contractorProjects', 'clientProjects', 'unassignedClientEmail', 'projectPunchItem', 'projectChangeOrder', 'chatMessage', 'messagePointer',
];

const pkOf = (key: unknown): string | undefined => (typeof key === 'string' ? key : (key as { pk?: string } | undefined)?.pk);

describe('view keys and their generation', () => {
  it('are as they always were in generation 1, the one a process reads before it has read the pointer', () => {
    expect(viewPrefix()).toBe('');
    expect(stateKeys.projectSummary('p1')).toEqual({ pk: 'project#p1#', sk: 'summary' });
    expect(withViewGeneration(1, () => stateKeys.roomItem('r1', 'i1'))).toEqual({ pk: 'room#r1#', sk: 'item#i1#' });
  });

  it('carry the prefix of the generation a call is pinned to: views only, never accounts, sessions, tenants, heads or usage', () => {
    const prefixed = withViewGeneration(7, () =>
      Object.entries(stateKeys).flatMap(([name, key]) => {
        const pk = pkOf(typeof key === 'function' ? (key as (...ids: string[]) => unknown)('a', 'b', 'c') : key);
        return pk?.startsWith(generationPrefix(7)) ? [name] : [];
      }),
    );
    expect(prefixed.sort()).toEqual([...viewKeys].sort());
    expect(withViewGeneration(7, () => stateKeys.contractorProjects('u1'))).toBe('g7/contractor-projects#u1#');
  });

  it('follow the pin through awaits, and only inside it', async () => {
    const inside = await withViewGeneration(2, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return stateKeys.chatMessage('p1', 'm1').pk;
    });
    expect([inside, stateKeys.chatMessage('p1', 'm1').pk]).toEqual(['g2/chat#p1#', 'chat#p1#']);
  });
});
