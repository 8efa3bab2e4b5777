import { archivedChecklist, archivedMark } from '../archive/archived-reads';
import { roomDto } from '../projects/dto';
import { projectIdParam } from '../projects/params';
import { summaryByProjectIdPreload, visibleSummary } from '../projects/project-access';
import { listRooms } from '../projects/read';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

export const handler = httpHandler(httpRoutes.listRooms, { params: projectIdParam, preload: summaryByProjectIdPreload }, async ({ principal, params, preloaded }) => {
  const summary = visibleSummary(principal, preloaded[0]);
  return (archivedMark(summary) ? (await archivedChecklist(summary)).rooms : await listRooms(params.projectId)).map(roomDto);
});
