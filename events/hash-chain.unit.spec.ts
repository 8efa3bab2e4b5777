import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, type StoredEvent } from './envelope';
import { hashEvent, verifyChain } from './hash-chain';

function chain(length: number): StoredEvent[] {
  const events: StoredEvent[] = [];
  let prevHash = GENESIS_HASH;
  for (let version = 1; version <= length; version++) {
    const unhashed = {
      streamId: 'item#1',
      version,
      eventId: `01J0000000000000000000000${version}`,
      type: 'FlagSet',
      schemaVersion: 1,
      data: { flag: 'selected', value: version % 2 === 1 },
      tenantId: 'tenant-1',
      projectId: 'project-1',
      meta: { actorId: 'u1', role: 'contractor' as const, displayName: 'Casey', at: `2026-01-0${version}T00:00:00.000Z`, requestId: `r${version}` },
      prevHash,
    };
    const event = { ...unhashed, hash: hashEvent(unhashed) };
    events.push(event);
    prevHash = event.hash;
  }
  return events;
}

const head = (events: StoredEvent[]) => ({ version: events.at(-1)!.version, hash: events.at(-1)!.hash });

describe('hash chain', () => {
  it('accepts an untouched stream and its head', () => {
    const events = chain(4);
    expect(verifyChain('item#1', events, head(events))).toEqual([]);
  });

  it('does not depend on the order of keys inside the data', () => {
    const [event] = chain(1);
    const reordered = { ...event!, data: { value: true, flag: 'selected' } };
    expect(hashEvent(reordered)).toBe(event!.hash);
  });

  it('finds a changed field, even in the metadata', () => {
    const events = chain(3);
    events[1] = { ...events[1]!, meta: { ...events[1]!.meta, actorId: 'someone-else' } };
    expect(verifyChain('item#1', events, head(chain(3)))).toEqual([expect.objectContaining({ version: 2, problem: 'edited' })]);
  });

  it('finds a removed event in the middle and a removed last event', () => {
    const events = chain(4);
    const withoutSecond = [events[0]!, events[2]!, events[3]!];
    expect(verifyChain('item#1', withoutSecond, head(events)).map((f) => f.problem)).toEqual(['gap', 'broken_link']);
    expect(verifyChain('item#1', events.slice(0, 3), head(events)).map((f) => f.problem)).toEqual(['head_mismatch']);
  });

  it('finds events that were swapped, renumbered to look in order', () => {
    const events = chain(3);
    const swapped = [events[0]!, { ...events[2]!, version: 2 }, { ...events[1]!, version: 3 }];
    const problems = verifyChain('item#1', swapped, head(events));
    expect(problems.map((f) => f.version)).toEqual(expect.arrayContaining([2, 3]));
  });
});
