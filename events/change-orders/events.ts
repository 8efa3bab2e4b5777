import type { EventDefinition } from '../catalogue-machinery';

/** Change orders' events (issue 30), one stream per change order (`changeOrder#<id>`). */
export const changeOrderEvents: EventDefinition[] = [];
