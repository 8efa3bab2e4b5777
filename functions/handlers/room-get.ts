import { roomDto } from '../projects/dto';
import { idParam } from '../projects/params';
import { accessibleRoom } from '../projects/read';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

export const handler = httpHandler(httpRoutes.getRoom, { params: idParam }, async ({ principal, params }) =>
  roomDto((await accessibleRoom(principal, params.id)).room),
);
