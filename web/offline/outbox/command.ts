import { monotonicFactory } from 'ulid';
import type { RouteName } from '../../../contract/routes';

/**
 * A change a person made, kept in the outbox until the server has it: what to send (route, path
 * parameters, body), whom and what it concerns (for the page's display and for the lists), the
 * item version and device time it was made at, and what the person did, in words. Its id, a
 * ULID, orders the outbox and is the request's Idempotency-Key, so a replay is answered once.
 */

/** The writes that go through the outbox. */
export type OutboxRoute = Extract<
  RouteName,
  'patchItem' | 'createItem' | 'deleteItem' | 'approveItem' | 'declineItem' | 'createRoom' | 'renameRoom' | 'deleteRoom' | 'postChat' | 'patchProject' | 'createPunchItem' | 'patchPunchItem'
>;

/** A photo taken offline: the file, and how far its upload got (a failure resumes at that step). */
export interface PhotoJob {
  readonly file: Blob;
  readonly fileName: string;
  /** Where the published path goes: the item's reference images or a cabinet part's images. */
  readonly target: { readonly list: 'referenceImages' } | { readonly cabinetKey: string };
  /** The presigned form, once asked for; the file's address once posted; its published path; the patch, as first sent. */
  readonly form?: { readonly uploadURL: string; readonly fields: Readonly<Record<string, string>>; readonly asked: string };
  readonly location?: string;
  /** What the publish sends besides the file's address (issue 30): the device's capture time and, when the person ticked 'Include location', where. */
  readonly evidence?: PhotoEvidence;
  /** Posted again after the server found the first upload incomplete (its size not the file's): once only. */
  readonly reposted?: boolean;
  readonly objectPath?: string;
  readonly patch?: Readonly<Record<string, unknown>>;
}

/** A photo's evidence as the device knows it (the server reads EXIF first): PUT /api/objects/acl's optional fields. */
export interface PhotoEvidence {
  readonly capturedAt?: string;
  readonly includeLocation: boolean;
  readonly location?: { readonly latitude: number; readonly longitude: number; readonly accuracy?: number };
}

export interface OutboxCommand {
  /** ULID: the outbox's order and the Idempotency-Key. */
  readonly id: string;
  readonly route: OutboxRoute;
  readonly params: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly projectId: string;
  /** The account that made it: only that account's session sends it. */
  readonly userId: string;
  readonly itemId?: string;
  readonly roomId?: string;
  /** The item's stream version on screen when the change was made (the Base-Version header). */
  readonly baseVersion?: number;
  /** The device's clock when the person made the change (the Device-Time header). */
  readonly deviceTime: string;
  /** What the person did, for the lists and for a refusal's toast: 'Ticked Purchased on Countertops'. */
  readonly label: string;
  readonly attempts: number;
  readonly state: 'waiting' | 'sending';
  readonly photo?: PhotoJob;
}

const nextUlid = monotonicFactory();

export type NewCommand = Omit<OutboxCommand, 'id' | 'deviceTime' | 'attempts' | 'state'>;

export const makeCommand = (fields: NewCommand, now = new Date()): OutboxCommand => ({
  ...fields,
  id: nextUlid(now.getTime()),
  deviceTime: now.toISOString(),
  attempts: 0,
  state: 'waiting',
});
