import { id, seedStream } from '../harness/fixtures';
import { sequential, summarize, type ScenarioResult } from '../harness/results';
import { PROJECT_STREAM_EVENTS, PROJECT_STREAMS, READ_STREAM_EVENTS, settings } from '../harness/settings';
import type { Scenario } from '../harness/run';

/** f. Reads: one 100-event stream, and a project of 10 streams × 10 events through the GSI; then the head. */
export const reads: Scenario = {
  key: 'f',
  async run({ store, progress }) {
    progress(`f: seeding; then ${settings.reads} each of readStream, readProjectEvents, readHead`);
    const results: ScenarioResult[] = [];
    const projectId = id('project-f');
    const streamId = id('f');
    await seedStream(store, streamId, READ_STREAM_EVENTS, id('project-f-stream'));
    for (let s = 0; s < PROJECT_STREAMS; s++) await seedStream(store, id('f-project', s), PROJECT_STREAM_EVENTS, projectId);

    let streamEvents = 0;
    const streamRun = await sequential(settings.reads, async () => {
      streamEvents = (await store.readStream(streamId)).length;
    });
    results.push(
      summarize('f1', `f readStream, ${READ_STREAM_EVENTS} events`, streamRun.latencies, streamRun.meter, streamRun.timedMs, {
        eventsRead: streamEvents,
      }),
    );

    let projectEvents = 0;
    const projectRun = await sequential(settings.reads, async () => {
      projectEvents = (await store.readProjectEvents(projectId)).length;
    });
    results.push(
      summarize(
        'f2',
        `f readProjectEvents ${PROJECT_STREAMS}x${PROJECT_STREAM_EVENTS}`,
        projectRun.latencies,
        projectRun.meter,
        projectRun.timedMs,
        { eventsRead: projectEvents },
      ),
    );

    const headRun = await sequential(settings.reads, () => store.readHead(streamId));
    results.push(summarize('f3', 'f readHead', headRun.latencies, headRun.meter, headRun.timedMs));
    return results;
  },
};
