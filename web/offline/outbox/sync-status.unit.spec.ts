import { describe, expect, it } from 'vitest';
import { decisionsText, shortText, syncText } from './sync-status';

describe("the sync indicator's words", () => {
  it('offline: how many changes wait', () => {
    expect(syncText({ online: false, waiting: 7, run: null })).toBe('Offline — 7 changes waiting');
    expect(syncText({ online: false, waiting: 1, run: null })).toBe('Offline — 1 change waiting');
    expect(syncText({ online: false, waiting: 0, run: null })).toBe('Offline — no changes waiting');
  });

  it('syncing: the one being sent, of all the replay has to send', () => {
    expect(syncText({ online: true, waiting: 5, run: { done: 2, total: 7 } })).toBe('Syncing 3 of 7');
    // A change made during the replay lengthens it.
    expect(syncText({ online: true, waiting: 6, run: { done: 2, total: 7 } })).toBe('Syncing 3 of 8');
    // Before the replay has started.
    expect(syncText({ online: true, waiting: 4, run: null })).toBe('Syncing 1 of 4');
  });

  it('saved, and the decisions', () => {
    expect(syncText({ online: true, waiting: 0, run: null })).toBe('All changes saved');
    expect(syncText({ online: true, waiting: 0, run: { done: 7, total: 7 } })).toBe('All changes saved');
    expect(decisionsText(1)).toBe('Needs your decision (1)');
  });
});

describe("the indicator's figure in a narrow header", () => {
  it('is what waits, the one being sent, or nothing', () => {
    expect(shortText({ online: false, waiting: 7, run: null })).toBe('7');
    expect(shortText({ online: false, waiting: 0, run: null })).toBe('');
    expect(shortText({ online: true, waiting: 5, run: { done: 2, total: 7 } })).toBe('3/7');
    expect(shortText({ online: true, waiting: 0, run: null })).toBe('');
  });
});
