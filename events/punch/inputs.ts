import * as z from 'zod/mini';
import { uuid } from '../ids';
import { dateMessage, isCalendarDate } from '../projects/values';
import { punchLimits } from './model';

/**
 * What the punch list's API accepts (issue 30), shared with the web form. The decider checks the
 * same limits again (trimmed): these bound what is parsed and name the field of a bad value.
 */

const text = (max: number, required?: string) =>
  z.string(required ?? 'must be text').check(z.trim(), ...(required ? [z.minLength(1, required)] : []), z.maxLength(max, `must be at most ${max} characters`));

const assigneeMessage = "assignee must be { kind: 'contractor' } or { kind: 'trade', name }";
const assignee = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('contractor') }),
    z.object({ kind: z.literal('trade'), name: text(punchLimits.tradeName, 'A trade needs a name') }),
  ],
  assigneeMessage,
);

/** A calendar day, YYYY-MM-DD; blank or null is none. */
const dueDate = z.pipe(
  z.nullish(z.string(dateMessage).check(z.trim(), z.refine((value) => value === '' || isCalendarDate(value), dateMessage))),
  z.transform((value) => value || null),
);

const photoPath = z.string('must be a list of photo paths').check(z.maxLength(1024, 'must be a photo path of at most 1024 characters'));
const photos = z.array(photoPath, 'must be a list of photo paths').check(z.maxLength(punchLimits.photos, `at most ${punchLimits.photos} photos`));

/** No item, as null, absent or an empty string. */
const itemId = z.pipe(
  z.pipe(
    z.transform((value) => (value === '' ? null : value)),
    z.nullish(uuid('itemId')),
  ),
  z.transform((value) => value ?? null),
);

export const createPunchItemInput = z.object({
  /** Field mode: a punch item made offline comes with the id the app gave it (taken: 409 naming id). */
  id: z.optional(uuid('id')),
  roomId: uuid('roomId'),
  itemId,
  title: text(punchLimits.title, 'Title is required'),
  note: z._default(text(punchLimits.note), ''),
  assignee: z._default(assignee, { kind: 'contractor' }),
  dueDate,
  photos: z._default(photos, []),
});

export const punchStatusChanges = ['fixed', 'accepted', 'reopened'] as const;

export const patchPunchItemInput = z
  .object({
    title: z.optional(text(punchLimits.title, 'Title is required')),
    note: z.optional(text(punchLimits.note)),
    itemId: z.optional(itemId),
    assignee: z.optional(assignee),
    dueDate: z.optional(dueDate),
    photos: z.optional(photos),
    /** fixed: the contractor; accepted or reopened (with reason): the client. */
    status: z.optional(z.enum(punchStatusChanges, 'status must be fixed, accepted or reopened')),
    reason: z.optional(text(punchLimits.reason)),
    fixNote: z.optional(text(punchLimits.note)),
    fixPhoto: z.optional(z.nullable(photoPath)),
  })
  .check(z.refine((value) => Object.values(value).some((field) => field !== undefined), 'Send a field to change or a status'));

export type CreatePunchItemInput = z.input<typeof createPunchItemInput>;
export type PatchPunchItemInput = z.input<typeof patchPunchItemInput>;
