import { roomDto } from '../projects/dto';
import { projectIdParam } from '../projects/params';
import { accessibleSummary, listRooms } from '../projects/read';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

export const handler = httpHandler(httpRoutes.listRooms, { params: projectIdParam }, async ({ principal, params }) => {
  await accessibleSummary(principal, params.projectId);
  return (await listRooms(params.projectId)).map(roomDto);
});
