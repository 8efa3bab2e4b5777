import type * as z from 'zod/mini';
import type {
  changePasswordInput,
  forgotPasswordInput,
  loginInput,
  magicLinkInput,
  magicLinkVerifyInput,
  notMeInput,
  profileInput,
  registerInput,
  resetPasswordInput,
  verifyEmailInput,
} from '../events/accounts/schemas';
import type { markAllReadInput, markReadInput, postMessageInput, userSessionInput } from '../events/chat/inputs';
import type { publishInput } from '../events/uploads/photo-rules';
import type { createChangeOrderInput, declineChangeOrderInput, patchChangeOrderInput, signChangeOrderInput } from './change-orders';
import type {
  approveInput,
  declineInput,
  digestUnsubscribeInput,
  itemInput,
  itemPatchInput,
  projectInput,
  projectPatchInput,
  roomInput,
  roomRenameInput,
} from './project-inputs';
import type { RouteName } from './routes';
import type { teamInviteInput, teamJoinInput } from './team';

/**
 * What each route that takes a body accepts, under its name in `contract/routes.ts`: the input
 * type of the schema its handler parses the body with (`functions/handlers/`), so a caller (the web
 * app's `callApi`) sends what the API reads, before defaults and trimming. A route not listed
 * takes no body.
 */
export interface RouteInputs {
  register: z.input<typeof registerInput>;
  login: z.input<typeof loginInput>;
  forgotPassword: z.input<typeof forgotPasswordInput>;
  resetPassword: z.input<typeof resetPasswordInput>;
  updateProfile: z.input<typeof profileInput>;
  changePassword: z.input<typeof changePasswordInput>;
  verifyEmail: z.input<typeof verifyEmailInput>;
  magicLink: z.input<typeof magicLinkInput>;
  magicLinkVerify: z.input<typeof magicLinkVerifyInput>;
  notMe: z.input<typeof notMeInput>;

  createProject: z.input<typeof projectInput>;
  updateProject: z.input<typeof projectInput>;
  patchProject: z.input<typeof projectPatchInput>;

  createRoom: z.input<typeof roomInput>;
  renameRoom: z.input<typeof roomRenameInput>;

  createItem: z.input<typeof itemInput>;
  // PATCH and PUT of an item share one handler.
  patchItem: z.input<typeof itemPatchInput>;
  putItem: z.input<typeof itemPatchInput>;
  approveItem: z.input<typeof approveInput>;
  declineItem: z.input<typeof declineInput>;

  postChat: z.input<typeof postMessageInput>;
  markMessageRead: z.input<typeof markReadInput>;
  markAllRead: z.input<typeof markAllReadInput>;
  publishObject: z.input<typeof publishInput>;

  digestUnsubscribe: z.input<typeof digestUnsubscribeInput>;
  putUserSession: z.input<typeof userSessionInput>;

  inviteColleague: z.input<typeof teamInviteInput>;
  joinTeam: z.input<typeof teamJoinInput>;

  createChangeOrder: z.input<typeof createChangeOrderInput>;
  patchChangeOrder: z.input<typeof patchChangeOrderInput>;
  signChangeOrder: z.input<typeof signChangeOrderInput>;
  declineChangeOrder: z.input<typeof declineChangeOrderInput>;
}

/** The routes that take a body. */
export type RouteWithBody = keyof RouteInputs;

type Assert<T extends true> = T;
/** Fails to compile when an entry names no route of `contract/routes.ts`. */
export type InputsNameRoutes = Assert<RouteWithBody extends RouteName ? true : false>;
