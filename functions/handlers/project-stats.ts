import { statsDto } from '../projects/dto';
import { idParam } from '../projects/params';
import { accessibleSummary } from '../projects/read';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

/** One read, whatever the project's size: the counters live on the summary. */
export const handler = httpHandler(httpRoutes.projectStats, { params: idParam }, async ({ principal, params }) =>
  statsDto(await accessibleSummary(principal, params.id)),
);
