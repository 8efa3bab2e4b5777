import { positionOf, streamStart } from '../../../events/envelope';
import { flagEvent, id, meta, tenantId } from '../harness/fixtures';
import { sequential, summarize } from '../harness/results';
import { settings } from '../harness/settings';
import type { Scenario } from '../harness/run';

/** b. One growing stream, each append at the position the previous one returned. */
export const appendGrowingStream: Scenario = {
  key: 'b',
  async run({ store, progress }) {
    progress(`b: ${settings.n} appends to one growing stream`);
    const projectId = id('project-b');
    const streamId = id('b');
    let position = streamStart;
    const run = await sequential(settings.n, async (i) => {
      const stored = await store.append({ streamId, expected: position, events: [flagEvent(i)], tenantId, projectId, meta: meta() });
      position = positionOf(stored, position);
    });
    return [summarize('b', 'b append 1 event, growing stream', run.latencies, run.meter, run.timedMs, { finalVersion: position.version })];
  },
};
