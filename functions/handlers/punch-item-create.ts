import { createPunchItemInput } from '../../events/punch/inputs';
import { httpHandler } from '../http/handler';
import { idParam } from '../projects/params';
import { addPunchItem, createPunchPreload } from '../punch/punch-commands';
import { httpRoutes } from '../routes';

/** Either party adds a punch item to a room of the project (201); its summary, room and item are read with the session. */
export const handler = httpHandler(
  httpRoutes.createPunchItem,
  { params: idParam, body: createPunchItemInput, created: true, preload: createPunchPreload },
  async ({ params, body, caller, preloaded }) => addPunchItem(caller, params.id, preloaded, body),
);
