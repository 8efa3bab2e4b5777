import { roomDto } from '../projects/dto';
import { projectIdParam } from '../projects/params';
import { summaryByProjectIdPreload, visibleSummary } from '../projects/project-access';
import { listRooms } from '../projects/read';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

export const handler = httpHandler(httpRoutes.listRooms, { params: projectIdParam, preload: summaryByProjectIdPreload }, async ({ principal, params, preloaded }) => {
  visibleSummary(principal, preloaded[0]);
  return (await listRooms(params.projectId)).map(roomDto);
});
