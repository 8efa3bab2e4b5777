import { itemDto } from '../projects/dto';
import { idParam } from '../projects/params';
import { accessibleRoom, listItems } from '../projects/read';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

export const handler = httpHandler(httpRoutes.listRoomItems, { params: idParam }, async ({ principal, params }) => {
  await accessibleRoom(principal, params.id);
  return (await listItems(params.id)).map(itemDto);
});
