import type { EventDefinition } from '../catalogue-machinery';

/** The punch list's events (issue 30), one stream per punch item (`punch#<id>`). */
export const punchEvents: EventDefinition[] = [];
