/** The punch list's answers (issue 30), shared by the API and the web app. */

import type { PunchAssignee, PunchStatus } from '../events/punch/model';

export type { PunchAssignee, PunchCounts, PunchStatus } from '../events/punch/model';

export interface PunchItem {
  readonly id: string;
  readonly projectId: string;
  readonly roomId: string;
  /** The checklist item of that room it is about, if any. */
  readonly itemId: string | null;
  readonly title: string;
  readonly note: string;
  /** Published photo paths (`/objects/…`), served to the project's members only. */
  readonly photos: readonly string[];
  readonly assignee: PunchAssignee;
  /** YYYY-MM-DD, or null. */
  readonly dueDate: string | null;
  /** open → fixed (the contractor) → accepted (the client); reopened is open again. */
  readonly status: PunchStatus;
  /** Who added it (its author may change it while it is open, as may the contractor). */
  readonly addedBy: 'contractor' | 'client';
  readonly addedByMe: boolean;
  readonly fixNote: string;
  readonly fixPhoto: string | null;
  /** Why the client last reopened it, until it is accepted. */
  readonly reopenReason: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The punch item's stream version after its last change. */
  readonly version: number;
}

