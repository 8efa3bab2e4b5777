import { markAllReadInput } from '../../events/chat/inputs';
import { markAllRead } from '../chat/read-receipts';
import { httpHandler } from '../http/handler';
import { projectIdParam } from '../projects/params';
import { refuseIfArchived } from '../projects/archived-project';
import { summaryByProjectIdPreload, visibleSummary } from '../projects/project-access';
import { httpRoutes } from '../routes';

/** Marks every message of the other side read for the caller's role (see markAllRead); the summary is read with the session. */
export const handler = httpHandler(httpRoutes.markAllRead, { body: markAllReadInput, params: projectIdParam, preload: summaryByProjectIdPreload }, async ({ body, principal, requestId, preloaded }) =>
  markAllRead({ principal, requestId }, refuseIfArchived(visibleSummary(principal, preloaded[0])), body),
);
