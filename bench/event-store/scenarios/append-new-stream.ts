import { streamStart } from '../../../events/envelope';
import { counterViews, flagEvent, id, meta, tenantId } from '../harness/fixtures';
import { sequential, summarize } from '../harness/results';
import { settings } from '../harness/settings';
import type { BenchContext, Scenario } from '../harness/run';

/** One event to a new stream each time (expected version 0); with `withViews`, plus two inline counter updates. */
function appendToNewStreams(key: 'a' | 'c', withViews: boolean): Scenario {
  return {
    key,
    async run({ store, stateTableName, progress }: BenchContext) {
      progress(withViews ? `c: ${settings.n} appends with 2 inline view updates` : `a: ${settings.n} appends to new streams`);
      const projectId = id(`project-${key}`);
      const views = withViews ? counterViews(stateTableName, projectId) : undefined;
      const run = await sequential(settings.n, async (i) => {
        const prepared = await store.prepare({ streamId: id(key, i), expected: streamStart, events: [flagEvent(i)], tenantId, projectId, meta: meta() });
        return store.commit([{ prepared, views }]);
      });
      const name = withViews ? 'c append + 2 inline ADD views' : 'a append 1 event, new stream';
      return [summarize(key, name, run.latencies, run.meter, run.timedMs)];
    },
  };
}

/** a. One event to a new stream each time. */
export const appendNewStream = appendToNewStreams('a', false);

/** c. As a, plus two inline counter updates (ADD) on the state table in the same transaction. */
export const appendWithViews = appendToNewStreams('c', true);
