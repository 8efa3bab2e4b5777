import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { KEEP_FOR_MS, keptReads, ownerOf } from './persisted-queries';

const now = Date.UTC(2026, 10, 26, 12);
const day = 24 * 60 * 60 * 1000;
const read = (queryKey: readonly unknown[], ageMs: number, data: unknown = {}, status: 'success' | 'error' | 'pending' = 'success') => ({
  queryKey,
  state: { status, data, dataUpdatedAt: now - ageMs },
});

describe('which reads are kept on the device (issue 29)', () => {
  it('names the owner of each key: the person, a project, a room, or nothing kept', () => {
    expect(ownerOf(queryKeys.me)).toEqual({ kind: 'user' });
    expect(ownerOf(queryKeys.projectsWithStats)).toEqual({ kind: 'user' });
    expect(ownerOf(queryKeys.clientProjects)).toEqual({ kind: 'user' });
    expect(ownerOf(queryKeys.checklist('p1'))).toEqual({ kind: 'project', projectId: 'p1' });
    expect(ownerOf(queryKeys.decisions('p1'))).toEqual({ kind: 'project', projectId: 'p1' });
    expect(ownerOf(queryKeys.chat('p1'))).toEqual({ kind: 'project', projectId: 'p1' });
    expect(ownerOf(queryKeys.items('r1'))).toEqual({ kind: 'room', roomId: 'r1' });
    // Read on demand, online only.
    expect(ownerOf(queryKeys.audit('p1', {}))).toBeNull();
    expect(ownerOf(queryKeys.itemHistory('i1'))).toBeNull();
    expect(ownerOf(queryKeys.itemStateAt('i1', '2026-11-26T00:00:00.000Z'))).toBeNull();
  });

  it('keeps a project read for 30 days, a pinned one for longer, and the person always', () => {
    const reads = [
      read(queryKeys.me, 90 * day),
      read(queryKeys.checklist('fresh'), KEEP_FOR_MS - 1),
      read(queryKeys.checklist('old'), KEEP_FOR_MS),
      read(queryKeys.checklist('pinned'), 200 * day),
    ];
    const kept = keptReads(reads, new Set(['pinned']), now);
    expect(reads.filter(kept).map((entry) => entry.queryKey)).toEqual([queryKeys.me, queryKeys.checklist('fresh'), queryKeys.checklist('pinned')]);
  });

  it("keeps a room's items with its project, found through the project's rooms list", () => {
    const reads = [
      read(queryKeys.rooms('pinned'), 100 * day, [{ id: 'r-pinned' }]),
      read(queryKeys.items('r-pinned'), 100 * day, []),
      read(queryKeys.items('r-elsewhere'), 100 * day, []),
      read(queryKeys.items('r-recent'), day, []),
    ];
    const kept = keptReads(reads, new Set(['pinned']), now);
    expect(reads.filter(kept).map((entry) => entry.queryKey)).toEqual([queryKeys.rooms('pinned'), queryKeys.items('r-pinned'), queryKeys.items('r-recent')]);
  });

  it('keeps only successful reads', () => {
    const kept = keptReads([], new Set(), now);
    expect(kept(read(queryKeys.me, 0, undefined, 'error'))).toBe(false);
    expect(kept(read(queryKeys.checklist('p1'), 0, undefined, 'pending'))).toBe(false);
  });
});
