import { expect } from 'vitest';

/** View items in a form two sets can be compared in: sorted by key, without empty attributes. */
export const comparableViews = (items: readonly Record<string, unknown>[]) =>
  items
    .map((item) => Object.fromEntries(Object.entries(item).filter(([, value]) => value !== null && value !== undefined)))
    .sort((x, y) => `${x.pk}|${x.sk}`.localeCompare(`${y.pk}|${y.sk}`));

/** The project's views replayed from its events are exactly its live ones (invariant 4). */
export async function expectReplayEqualsLive(projectId: string): Promise<void> {
  const { rebuildProjectViews, liveProjectViews } = await import('../../functions/projections/rebuild');
  const { eventStore } = await import('../../functions/commands/event-store');
  expect(comparableViews(await rebuildProjectViews(eventStore(), projectId))).toEqual(comparableViews(await liveProjectViews(projectId)));
}
