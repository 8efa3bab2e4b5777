import * as z from 'zod/mini';
import { defineEvent, type EventOf } from '../catalogue-machinery';

/**
 * The punch list's events (issue 30), one stream per punch item (`punch#<id>`). The texts are
 * what people typed about the house (a title, a note, a reason), not about a person, so they are
 * not sealed (as chat messages are not); the author's name is the event's meta, sealed as always.
 */

const assignee = z.union([z.object({ kind: z.literal('contractor') }), z.object({ kind: z.literal('trade'), name: z.string() })]);

export const punchItemAdded = defineEvent('PunchItemAdded', {
  schemaVersion: 1,
  schema: () => z.object({
    punchItemId: z.string(),
    roomId: z.string(),
    /** The checklist item of that room it is about, if any. */
    itemId: z.nullable(z.string()),
    title: z.string(),
    note: z.string(),
    photos: z.array(z.string()),
    assignee,
    dueDate: z.nullable(z.string()),
    /** Who added it (its author may edit it while it is open). */
    authorId: z.string(),
    authorRole: z.enum(['contractor', 'client']),
  }),
});

/** Field changes, before → after, only of the fields that changed. */
export const punchItemEdited = defineEvent('PunchItemEdited', {
  schemaVersion: 1,
  schema: () => z.object({
    changes: z.object({
      title: z.optional(z.object({ from: z.string(), to: z.string() })),
      note: z.optional(z.object({ from: z.string(), to: z.string() })),
      itemId: z.optional(z.object({ from: z.nullable(z.string()), to: z.nullable(z.string()) })),
      photos: z.optional(z.object({ from: z.array(z.string()), to: z.array(z.string()) })),
      assignee: z.optional(z.object({ from: assignee, to: assignee })),
      dueDate: z.optional(z.object({ from: z.nullable(z.string()), to: z.nullable(z.string()) })),
    }),
  }),
});

/** The contractor says it is fixed, with an optional note and photo of the fix. */
export const punchItemFixed = defineEvent('PunchItemFixed', {
  schemaVersion: 1,
  schema: () => z.object({ note: z.string(), fixPhoto: z.nullable(z.string()) }),
});

/** The client checked the fix and accepts it. */
export const punchItemAccepted = defineEvent('PunchItemAccepted', {
  schemaVersion: 1,
  schema: () => z.object({}),
});

/** The client finds it is not fixed (or no longer): open again, with why. */
export const punchItemReopened = defineEvent('PunchItemReopened', {
  schemaVersion: 1,
  schema: () => z.object({ reason: z.string() }),
});

export const punchEvents = [punchItemAdded, punchItemEdited, punchItemFixed, punchItemAccepted, punchItemReopened];
export type PunchEvent =
  | EventOf<typeof punchItemAdded>
  | EventOf<typeof punchItemEdited>
  | EventOf<typeof punchItemFixed>
  | EventOf<typeof punchItemAccepted>
  | EventOf<typeof punchItemReopened>;

export { punchItemStreamId } from '../streams';
