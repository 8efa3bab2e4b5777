import { itemDto } from '../projects/dto';
import { idParam } from '../projects/params';
import { listItems } from '../projects/read';
import { accessibleRoomOfProject } from '../projects/project-access';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

export const handler = httpHandler(httpRoutes.listRoomItems, { params: idParam }, async ({ principal, params }) => {
  await accessibleRoomOfProject(principal, params.id);
  return (await listItems(params.id)).map(itemDto);
});
