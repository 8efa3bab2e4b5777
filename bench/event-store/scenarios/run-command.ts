import { runCommand } from '../../../functions/commands/run-commands';
import { id, seedStream, toggleCommand } from '../harness/fixtures';
import { round, sequential, summarize } from '../harness/results';
import { ITEM_STREAM_EVENTS, settings } from '../harness/settings';
import type { Scenario } from '../harness/run';

/**
 * runCommand on an item stream of 20 events: readStream + fold → decide → append (each stream
 * seeded first, untimed); with `idempotent`, with an Idempotency-Key too: a GetItem first and one
 * more Put in the transaction.
 */
function runCommandOnItems(key: 'd' | 'd2', idempotent: boolean): Scenario {
  return {
    key,
    async run({ store, progress }) {
      progress(
        idempotent
          ? `d2: ${settings.n} runCommand with an Idempotency-Key`
          : `d: ${settings.n} runCommand on ${ITEM_STREAM_EVENTS}-event streams (seeding each, untimed)`,
      );
      const projectId = id(`project-${key}`);
      const counters = { loads: 0 };
      const run = await sequential(
        settings.n,
        (i) =>
          runCommand(store, {
            ...toggleCommand(store, id(key, i), projectId, counters),
            ...(idempotent ? { idempotency: { scope: 'bench-user', key: id('key', i), requestHash: 'bench' } } : {}),
          }),
        (i) => seedStream(store, id(key, i), ITEM_STREAM_EVENTS, projectId),
      );
      const name = idempotent ? `d2 as d, with Idempotency-Key` : `d runCommand, ${ITEM_STREAM_EVENTS}-event stream`;
      return [summarize(key, name, run.latencies, run.meter, run.timedMs, { loadsPerOp: round(counters.loads / settings.n, 3) })];
    },
  };
}

/** d. The typical item command. */
export const runItemCommand = runCommandOnItems('d', false);

/** d2. The same with an Idempotency-Key. */
export const runIdempotentItemCommand = runCommandOnItems('d2', true);
