import { roomDto } from '../projects/dto';
import { idParam } from '../projects/params';
import { accessibleRoomOfProject } from '../projects/project-access';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

export const handler = httpHandler(httpRoutes.getRoom, { params: idParam }, async ({ principal, params }) =>
  roomDto((await accessibleRoomOfProject(principal, params.id)).room),
);
