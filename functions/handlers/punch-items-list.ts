import * as z from 'zod/mini';
import { uuid } from '../../events/ids';
import { punchStatuses } from '../../events/punch/model';
import { httpHandler } from '../http/handler';
import { idParam } from '../projects/params';
import { summaryPreload, visibleSummary } from '../projects/project-access';
import { listPunchItems } from '../punch/read';
import { httpRoutes } from '../routes';

const punchQuery = z.object({
  status: z.optional(z.enum(punchStatuses, 'status must be open, fixed or accepted')),
  roomId: z.optional(uuid('roomId')),
});

/** The project's punch list, for its contractor and assigned client (404 to anyone else), by room; `status` and `roomId` filter it. */
export const handler = httpHandler(httpRoutes.listPunchItems, { params: idParam, query: punchQuery, preload: summaryPreload }, async ({ params, query, principal, preloaded }) => {
  visibleSummary(principal, preloaded[0]);
  return listPunchItems(params.id, principal, query);
});
