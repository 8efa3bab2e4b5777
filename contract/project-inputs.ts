import * as z from 'zod/mini';
import { uuid } from '../events/ids';
import { cabinetDetailsSchema } from '../events/projects/events';
import { markupSchema, photoPairsSchema } from '../events/uploads/markup';
import { dateMessage, isCalendarDate, isMoney, leadTimeMessage, moneyMessage } from '../events/projects/values';
import { itemCategories, itemTypes, limits, projectStatuses, roomTypes } from '../events/projects/model';

/**
 * What the checklist API accepts (spec sections 5 and 7), shared with the web forms. Blank
 * optional text means none. Every text has a length limit (`limits`), every id the shape we mint
 * (`events/ids.ts`). Whether a link or image is a safe address is the item's rule (see
 * events/projects/item-fields.ts): door knob counts share the reference links list.
 */

const required = (message: string, max = 200) => z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(max, `must be at most ${max} characters`));
/**
 * Text that reaches a mail header (the invitation's subject and greeting name the project and
 * its client): a line break there could start a header of the sender's choosing (issue 27).
 */
const lineBreakMessage = 'must not contain line breaks';
const singleLine = z.refine((value) => typeof value === 'string' && !/[\r\n\u0085\u2028\u2029]/.test(value), lineBreakMessage);
const optional = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max, `must be at most ${max} characters`))),
    z.transform((value) => value || null),
  );
/** A calendar day, YYYY-MM-DD (issue 18: decide-by dates count from these); blank or null is none. */
const calendarDate = z.string(dateMessage).check(z.trim(), z.refine((value) => value === '' || isCalendarDate(value), dateMessage));
const isoDate = z.pipe(z.nullish(calendarDate), z.transform((value) => value || null));

/** An amount of money (issue 18): 0 to 10,000,000 with at most 2 decimals; null clears it. */
const money = z.nullable(z.number(moneyMessage).check(z.refine(isMoney, moneyMessage)));

export const projectInput = z.object({
  name: required('Project name is required', limits.projectName).check(singleLine),
  address: required('Project address is required', limits.address),
  clientName: required('Client name is required', limits.personName).check(singleLine),
  clientEmail: z.pipe(
    z.nullish(
      z.pipe(
        z.string('Invalid email address').check(z.trim(), z.maxLength(limits.email, `must be at most ${limits.email} characters`), z.toLowerCase()),
        z.union([z.literal(''), z.email('Invalid email address')]),
      ),
    ),
    z.transform((value) => value || null),
  ),
  clientPhone: optional(limits.phone),
  status: z._default(z.enum(projectStatuses, 'Status must be active, paused, completed or cancelled'), 'active'),
  contractorNotes: optional(limits.contractorNotes),
  startDate: isoDate,
  targetCompletionDate: isoDate,
});

export const projectPatchInput = z
  .partial(z.object({ lockBoxCode: optional(limits.lockBoxCode), status: z.enum(projectStatuses, 'Status must be active, paused, completed or cancelled') }))
  .check(z.refine((value) => Object.keys(value).length > 0, 'Send lockBoxCode or status'));

const roomName = z.string('must be text').check(z.trim(), z.maxLength(limits.roomName, `must be at most ${limits.roomName} characters`));

export const roomInput = z.object({
  /** Field mode (issue 29): a room made offline comes with the id the app gave it (taken: 409 naming id). */
  id: z.optional(uuid('id')),
  projectId: uuid('projectId'),
  type: z.enum(roomTypes, 'Unknown room type'),
  name: z.optional(roomName),
  customName: z.nullish(roomName),
});

export const roomRenameInput = z.object({
  customName: z
    .string('Room name is required')
    .check(z.trim(), z.minLength(1, 'Room name is required'), z.maxLength(limits.roomName, `must be at most ${limits.roomName} characters`)),
  /**
   * Field mode (issue 29): the custom name as the editor saw it (null: none). Someone else's
   * different rename since answers 409 `RoomConflictAnswer`; without it the rename applies as sent.
   */
  base: z.optional(z.strictObject({ customName: z.nullable(z.string('must be text or null').check(z.maxLength(limits.roomName, `must be at most ${limits.roomName} characters`))) })),
});

/** Details: 500 (or a Backsplash's JSON of two 300s), checked exactly by the item; this bounds the text first. */
const details = z.string('must be text').check(z.maxLength(limits.details * 2, `must be at most ${limits.details} characters`));

const flagMustBeFalse = z.optional(z.literal(false, 'must be false for a new item'));

export const itemInput = z.object({
  /** Field mode (issue 29): an item made offline comes with the id the app gave it (taken: 409 naming id). */
  id: z.optional(uuid('id')),
  roomId: uuid('roomId'),
  category: z.enum(itemCategories, 'Unknown category'),
  name: z
    .string('Item name is required')
    .check(z.trim(), z.minLength(1, 'Item name is required'), z.maxLength(limits.itemName, `must be at most ${limits.itemName} characters`)),
  details: z._default(details, ''),
  itemType: z._default(z.enum(itemTypes, 'Item type must be single, cabinet or vanity'), 'single'),
  cabinetDetails: z.pipe(z.nullish(cabinetDetailsSchema), z.transform((value) => value ?? null)),
  order: z._default(z.number().check(z.int('must be a whole number'), z.gte(0), z.lte(100_000)), 0),
  // A new item starts with every flag off; completion is derived, never sent.
  completed: flagMustBeFalse,
  contractorCompleted: flagMustBeFalse,
  clientCompleted: flagMustBeFalse,
  purchasesMade: flagMustBeFalse,
});

const list = z
  .array(z.string('must be a list of text').check(z.maxLength(limits.url, `must be at most ${limits.url} characters`)), 'must be a list of text')
  .check(z.maxLength(limits.listEntries, `at most ${limits.listEntries} entries`));

/**
 * Field mode (issue 29): the values as they were on the editor's screen before the edit (see
 * events/projects/edit-base.ts). Details and cabinet details changed differently by someone else
 * since answer 409 `EditConflictAnswer`; the lists merge three-way. Flags and the rest take none.
 */
const itemEditBase = z.partial(
  z.strictObject({
    details,
    cabinetDetails: z.nullable(cabinetDetailsSchema),
    referenceLinks: list,
    referenceImages: list,
    cabinetLinks: list,
    cabinetImages: list,
    /** Issue 30: the markup of the photo `photoMarkup.objectPath` names, as the editor saw it (null: none). */
    photoMarkup: z.nullable(markupSchema),
  }),
);

/** Issue 30: one photo's markup (null removes it); the photo must be one of the item's. */
const photoMarkupInput = z.strictObject({
  objectPath: z.string('objectPath must be a photo path').check(z.minLength(1, 'objectPath must be a photo path'), z.maxLength(1024, 'must be at most 1024 characters')),
  markup: z.nullable(markupSchema),
});

export const itemPatchInput = z
  .partial(
    z.strictObject({
      details,
      contractorCompleted: z.boolean('must be true or false'),
      clientCompleted: z.boolean('must be true or false'),
      purchasesMade: z.boolean('must be true or false'),
      cabinetDetails: z.nullable(cabinetDetailsSchema),
      cabinetLinks: list,
      cabinetImages: list,
      referenceLinks: list,
      referenceImages: list,
      allowance: money,
      cost: money,
      decideBy: isoDate,
      leadTimeDays: z.nullable(z.number(leadTimeMessage).check(z.int(leadTimeMessage), z.gte(0, leadTimeMessage), z.lte(limits.leadTimeDays, leadTimeMessage))),
      photoMarkup: photoMarkupInput,
      photoPairs: photoPairsSchema,
      base: itemEditBase,
    }),
  )
  // A base alone changes nothing.
  .check(z.refine((value) => Object.keys(value).some((key) => key !== 'base'), 'Send at least one field to change'));
export type ItemPatchInput = z.infer<typeof itemPatchInput>;

/** The selection's hash as the client read it on the item (issue 27): what an approval or decline answers. */
const selectionHash = z.string('Send the item\'s selectionHash as you read it').check(z.regex(/^[0-9a-f]{64}$/, 'must be the item\'s selectionHash as read (64 hex digits)'));

/** A client's approval of the selection they saw. */
export const approveInput = z.object({ selectionHash });

/** The decline form (issue 18): why, 1 to 500 characters. */
export const declineReasonInput = z.object({
  reason: z
    .string('Reason is required')
    .check(z.trim(), z.minLength(1, 'Reason is required'), z.maxLength(limits.declineReason, `must be at most ${limits.declineReason} characters`)),
});

/** A client's decline of the selection they saw. */
export const declineInput = z.object({ ...declineReasonInput.shape, selectionHash });

/** The unsubscribe link's token of a decisions digest mail (issue 18), as its page posts it. */
export const digestUnsubscribeInput = z.object({
  token: z.string('The unsubscribe link is not valid').check(z.minLength(1, 'The unsubscribe link is not valid'), z.maxLength(2000, 'The unsubscribe link is not valid')),
});
