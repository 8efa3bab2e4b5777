import { statsDto } from '../projects/dto';
import { idParam } from '../projects/params';
import { summaryPreload, visibleSummary } from '../projects/project-access';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

/** Read with the session, whatever the project's size: the counters live on the summary. */
export const handler = httpHandler(httpRoutes.projectStats, { params: idParam, preload: summaryPreload }, async ({ principal, preloaded }) =>
  statsDto(visibleSummary(principal, preloaded[0])),
);
