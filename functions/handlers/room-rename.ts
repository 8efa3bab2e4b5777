import { roomRenameInput } from '../../contract/project-inputs';
import type { RoomConflictAnswer } from '../../contract/projects';
import { EDIT_CONFLICT_MESSAGE, RoomNameConflict } from '../../events/projects/edit-base';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { projectDecider } from '../../events/projects/project';
import { inProject, runCommands } from '../commands/run-commands';
import { projectViews } from '../projections/project-views';
import { roomDto } from '../projects/dto';
import { idParam } from '../projects/params';
import { accessibleRoomOfProject, roomPreload } from '../projects/project-access';
import { httpRoutes } from '../routes';

/**
 * Three steps: the session with the room's pointer, the room with its project, the transaction; the answer is the room read with its new name.
 * A `base` someone else's different rename made stale (field mode, issue 29) answers 409 with the name now, and records nothing.
 */
export const handler = httpHandler(httpRoutes.renameRoom, { body: roomRenameInput, params: idParam, preload: roomPreload }, async ({ body, params, principal, caller, preloaded }) => {
  const { summary, head, room } = await accessibleRoomOfProject(principal, params.id, preloaded);
  const rename = { type: 'renameRoom', roomId: params.id, customName: body.customName, ...(body.base ? { base: body.base.customName } : {}) } as const;
  try {
    const { result } = await runCommands(projectDecider, inProject({ projectId: summary.id, tenantId: summary.contractorId }), [rename], {
      by: caller,
      projection: projectViews,
      head,
      respond: (after) => roomDto({ ...room, customName: after.rooms.find((found) => found.roomId === params.id)!.customName }),
    });
    return result;
  } catch (error) {
    if (!(error instanceof RoomNameConflict)) throw error;
    const answer: RoomConflictAnswer = { message: EDIT_CONFLICT_MESSAGE, fieldErrors: { customName: [EDIT_CONFLICT_MESSAGE] }, current: { customName: error.customName }, room: roomDto({ ...room, customName: error.customName }) };
    return reply(409, answer);
  }
});
