import type { PublishAnswer, UploadAnswer } from '../events/uploads/photo-rules';
import type { AuditExport, AuditKeys, ItemHistory, ItemStateAt, ProjectAudit } from './audit';
import type { ForgotPasswordAnswer, MessageAnswer, ResendVerificationAnswer, User, VerifyEmailAnswer } from './accounts';
import type { ChangeOrder } from './change-orders';
import type { ChatMessage, HistoryEntry, MarkAllReadAnswer, UserSessionAnswer } from './chat';
import type { PunchItem } from './punch';
import type { Team } from './team';
import type { Budget, ChecklistItem, Decision, ClientProject, Project, ProjectChecklist, ProjectStats, ProjectWithStats, Room, ShareAnswer } from './projects';

/**
 * What each route of the manifest (`functions/routes.ts`, by the same names) answers when it
 * succeeds. The web client reads its answer types from here; `web/api/call.ts` checks at compile
 * time that this lists exactly the manifest's routes.
 */
export interface RouteAnswers {
  /** Each service's status and latency; read by operators, not by the app. */
  health: unknown;

  register: User & { verificationLink?: string };
  login: User;
  logout: MessageAnswer;
  me: User;
  forgotPassword: ForgotPasswordAnswer;
  resetPassword: MessageAnswer;
  updateProfile: User;
  changePassword: MessageAnswer;
  deleteAccount: MessageAnswer;
  verifyEmail: VerifyEmailAnswer;
  resendVerification: ResendVerificationAnswer;
  /** The same answer whether or not an account has the e-mail. */
  magicLink: MessageAnswer;
  magicLinkVerify: User;
  /** Issue 27: every session ended, the password dropped, the e-mail given back if a change moved it. */
  notMe: MessageAnswer;

  listProjectsWithStats: ProjectWithStats[];
  listProjects: Project[];
  createProject: Project;
  updateProject: Project;
  patchProject: Project;
  deleteProject: MessageAnswer;
  listClientProjects: ClientProject[];
  projectStats: ProjectStats;
  projectHistory: HistoryEntry[];
  projectChecklist: ProjectChecklist;
  /** A PDF file, not JSON. */
  exportPdf: unknown;
  shareWithClient: ShareAnswer;
  auditExport: AuditExport;
  projectAudit: ProjectAudit;
  projectBudget: Budget;
  projectDecisions: Decision[];

  listRooms: Room[];
  createRoom: Room;
  renameRoom: Room;
  deleteRoom: MessageAnswer;
  getRoom: Room;
  listRoomItems: ChecklistItem[];

  createItem: ChecklistItem;
  patchItem: ChecklistItem;
  putItem: ChecklistItem;
  deleteItem: MessageAnswer;
  /** Both send the `selectionHash` read; a selection changed since answers 409 `SelectionChangedAnswer`. */
  approveItem: ChecklistItem;
  declineItem: ChecklistItem;
  /** The whole history, or with `asOf` the item as it was then. */
  itemHistory: ItemHistory | ItemStateAt;
  auditKeys: AuditKeys;

  listChat: ChatMessage[];
  postChat: ChatMessage;
  chatHistory: HistoryEntry[];
  markMessageRead: ChatMessage;
  markAllRead: MarkAllReadAnswer;
  requestUpload: UploadAnswer;
  publishObject: PublishAnswer;
  /** The photo's bytes (image/jpeg, image/webp…), not JSON. */
  getObject: unknown;

  /** The opt-out is recorded (again: the same answer). */
  digestUnsubscribe: MessageAnswer;

  listPunchItems: PunchItem[];
  createPunchItem: PunchItem;
  patchPunchItem: PunchItem;

  listChangeOrders: ChangeOrder[];
  createChangeOrder: ChangeOrder;
  getChangeOrder: ChangeOrder;
  patchChangeOrder: ChangeOrder;
  sendChangeOrder: ChangeOrder;
  signChangeOrder: ChangeOrder;
  declineChangeOrder: ChangeOrder;
  /** A PDF file, not JSON. */
  changeOrderPdf: unknown;

  getUserSession: UserSessionAnswer;
  putUserSession: UserSessionAnswer;

  getTeam: Team;
  inviteColleague: { email: string; expiresAt: string };
  removeColleague: MessageAnswer;
  joinTeam: { tenantId: string };
}
