import * as z from 'zod/mini';
import { defineEvent, type EventOf } from '../catalogue-machinery';
import { flags, itemCategories, itemTypes, limits, projectStatuses, roomTypes } from './model';
import { markupSchema, photoPairsSchema } from '../uploads/markup';

/**
 * The checklist's events. A project's own stream (`project#<id>`) holds its details, client,
 * lock box code and rooms; each checklist item has its stream (`item#<id>`), so two people
 * editing different items never contend.
 */

const text = z.string();
const optionalText = z.nullable(z.string());
const change = <S extends z.ZodMiniType>(schema: S) => z.object({ from: schema, to: schema });

const cabinetText = z.string().check(z.maxLength(limits.cabinetField, `must be at most ${limits.cabinetField} characters`));
const stringList = z.array(z.string().check(z.maxLength(2000, 'must be at most 2000 characters'))).check(z.maxLength(50, 'at most 50 entries'));

/** Cabinet Details: text, completed flag, links and images per part, and free-text totals. */
export const cabinetDetailsSchema = z.partial(
  z.strictObject({
    style: cabinetText,
    wood: cabinetText,
    color: cabinetText,
    pulls: cabinetText,
    specialFeatures: cabinetText,
    styleCompleted: z.boolean(),
    woodCompleted: z.boolean(),
    colorCompleted: z.boolean(),
    pullsCompleted: z.boolean(),
    specialFeaturesCompleted: z.boolean(),
    styleLinks: stringList,
    woodLinks: stringList,
    colorLinks: stringList,
    pullsLinks: stringList,
    specialFeaturesLinks: stringList,
    styleImages: stringList,
    woodImages: stringList,
    colorImages: stringList,
    pullsImages: stringList,
    specialFeaturesImages: stringList,
    totalPulls: z.string().check(z.maxLength(50, 'must be at most 50 characters')),
    totalKnobs: z.string().check(z.maxLength(50, 'must be at most 50 characters')),
  }),
);
export type CabinetDetails = z.infer<typeof cabinetDetailsSchema>;

export const projectDetailsSchema = z.object({
  name: text,
  address: text,
  clientName: text,
  clientEmail: optionalText,
  clientPhone: optionalText,
  status: z.enum(projectStatuses),
  contractorNotes: optionalText,
  startDate: optionalText,
  targetCompletionDate: optionalText,
});
export type ProjectDetails = z.infer<typeof projectDetailsSchema>;

export const projectCreated = defineEvent('ProjectCreated', {
  schemaVersion: 1,
  schema: () => z.extend(projectDetailsSchema, { projectId: z.string(), contractorId: z.string() }),
});

export const projectUpdated = defineEvent('ProjectUpdated', {
  schemaVersion: 1,
  schema: () => z.object({ changes: z.record(z.string(), change(z.nullable(z.string()))) }),
});

export const projectDeleted = defineEvent('ProjectDeleted', { schemaVersion: 1, schema: () => z.object({ projectId: z.string() }) });

export const lockBoxCodeSet = defineEvent('LockBoxCodeSet', { schemaVersion: 1, schema: () => change(optionalText) });

/** The client account whose e-mail is the project's client e-mail (or none). */
export const clientAssigned = defineEvent('ClientAssigned', { schemaVersion: 1, schema: () => z.object({ clientId: z.nullable(z.string()) }) });

/** The contractor mailed the client an invitation (a link that proves the client's e-mail). */
export const clientInvited = defineEvent('ClientInvited', { schemaVersion: 1, schema: () => z.object({ email: z.string() }) });

/** The invited client proved the e-mail with the invitation's link and now follows the project. */
export const invitationAccepted = defineEvent('InvitationAccepted', { schemaVersion: 1, schema: () => z.object({ clientId: z.string() }) });

export const roomAdded = defineEvent('RoomAdded', {
  schemaVersion: 1,
  schema: () => z.object({ roomId: z.string(), type: z.enum(roomTypes), name: text, customName: optionalText }),
});

export const roomRenamed = defineEvent('RoomRenamed', {
  schemaVersion: 1,
  schema: () => z.object({ roomId: z.string(), from: optionalText, to: optionalText }),
});

export const roomDeleted = defineEvent('RoomDeleted', { schemaVersion: 1, schema: () => z.object({ roomId: z.string(), name: text }) });

export const itemAdded = defineEvent('ItemAdded', {
  schemaVersion: 1,
  schema: () => z.object({
    itemId: z.string(),
    roomId: z.string(),
    category: z.enum(itemCategories),
    name: text,
    itemType: z.enum(itemTypes),
    details: text,
    order: z.number().check(z.int()),
    cabinetDetails: z.nullable(cabinetDetailsSchema),
    /** Part of a new project's template: not an action of its own in the history. */
    fromTemplate: z.optional(z.literal(true)),
  }),
});

export const itemFlagSet = defineEvent('ItemFlagSet', {
  schemaVersion: 1,
  schema: () => z.object({ flag: z.enum(flags), value: z.boolean() }),
});

export const itemDetailsEdited = defineEvent('ItemDetailsEdited', { schemaVersion: 1, schema: () => change(text) });

export const listFields = ['referenceLinks', 'referenceImages', 'cabinetLinks', 'cabinetImages'] as const;
export type ListField = (typeof listFields)[number];

export const itemListChanged = defineEvent('ItemListChanged', {
  schemaVersion: 1,
  schema: () => z.object({ field: z.enum(listFields), from: z.array(z.string()), to: z.array(z.string()) }),
});

export const cabinetDetailsEdited = defineEvent('CabinetDetailsEdited', {
  schemaVersion: 1,
  schema: () => change(z.nullable(cabinetDetailsSchema)),
});

/**
 * A photo uploaded for this item (or, on the project's stream, for the project: a punch item's)
 * was checked (size, image bytes) and published at `objectPath`. Version 2 (issue 30) is the
 * evidence taken of the original: its SHA-256 (hex), the capture time and where that came from,
 * and the place only when the person opted in; `contentType` and `bytes` are the original's.
 * Version 1 events took none: upcast with those null.
 */
const photoLocationSchema = z.object({ latitude: z.number(), longitude: z.number(), accuracy: z.optional(z.number()) });
export const photoPublished = defineEvent('PhotoPublished', {
  schemaVersion: 2,
  schema: () => z.object({
    objectPath: z.string(),
    contentType: z.string(),
    bytes: z.number().check(z.int(), z.nonnegative()),
    sha256: z.nullable(z.string()),
    capturedAt: z.nullable(z.string()),
    capturedAtSource: z.nullable(z.enum(['exif', 'device', 'server'])),
    location: z.nullable(photoLocationSchema),
  }),
  upcasters: { 1: (data) => ({ ...(data as object), sha256: null, capturedAt: null, capturedAtSource: null, location: null }) },
});
export type PhotoPublishedData = z.output<typeof photoPublished.schema>;

/**
 * A photo's markup (issue 30): shapes drawn over one of the item's photos, kept apart from the
 * photo (whose bytes never change). `to` null: the markup was removed.
 */
export const photoMarkupSet = defineEvent('PhotoMarkupSet', {
  schemaVersion: 1,
  schema: () => z.object({ objectPath: z.string(), from: z.nullable(markupSchema), to: z.nullable(markupSchema) }),
});

/** The item's before / after pairs of photos (issue 30): the whole list, as it was and as it is. */
export const photoPairsChanged = defineEvent('PhotoPairsChanged', { schemaVersion: 1, schema: () => change(photoPairsSchema) });

export const itemDeleted = defineEvent('ItemDeleted', { schemaVersion: 1, schema: () => z.object({ itemId: z.string() }) });

/** The item's budget (issue 18): an allowance (the contractor's) and a cost, in currency units with cents; null is unset. */
export const budgetFields = ['allowance', 'cost'] as const;
export type BudgetField = (typeof budgetFields)[number];

export const itemBudgetSet = defineEvent('ItemBudgetSet', {
  schemaVersion: 1,
  schema: () => z.object({ field: z.enum(budgetFields), from: z.nullable(z.number()), to: z.nullable(z.number()) }),
});

/** When the item's selection is due (issue 18): a date (YYYY-MM-DD), or a lead time in days before the project's target completion. */
export const itemScheduleSet = defineEvent('ItemScheduleSet', {
  schemaVersion: 1,
  schema: () => z.union([
    z.object({ field: z.literal('decideBy'), from: z.nullable(z.string()), to: z.nullable(z.string()) }),
    z.object({ field: z.literal('leadTimeDays'), from: z.nullable(z.number()), to: z.nullable(z.number()) }),
  ]),
});

/**
 * The client approved the item's selection (issue 18): exactly what was approved (selection.ts)
 * and its SHA-256, so the record proves what the approval covered. The approver is named by id
 * only: their name is the event's actor's (meta), which the store seals.
 */
export const itemApproved = defineEvent('ItemApproved', {
  schemaVersion: 1,
  schema: () => z.object({ approvedAt: z.string(), approvedBy: z.string(), selectionHash: z.string(), selection: z.record(z.string(), z.unknown()) }),
});

/** The client declined the item's selection, saying why. */
export const itemDeclined = defineEvent('ItemDeclined', {
  schemaVersion: 1,
  schema: () => z.object({ declinedAt: z.string(), declinedBy: z.string(), selectionHash: z.string(), reason: z.string() }),
});

/**
 * A change voided the client's answer: `field` is the selection's field that changed, or
 * `client` when the project moved to another client (issue 27), whose answers were not theirs.
 */
export const itemApprovalCleared = defineEvent('ItemApprovalCleared', {
  schemaVersion: 1,
  schema: () => z.object({ field: z.string(), was: z.enum(['approved', 'declined']) }),
});

export const projectEvents = [projectCreated, projectUpdated, projectDeleted, lockBoxCodeSet, clientAssigned, clientInvited, invitationAccepted, roomAdded, roomRenamed, roomDeleted, photoPublished];
export const itemEvents = [
  itemAdded,
  itemFlagSet,
  itemDetailsEdited,
  itemListChanged,
  cabinetDetailsEdited,
  photoPublished,
  itemDeleted,
  itemBudgetSet,
  itemScheduleSet,
  itemApproved,
  itemDeclined,
  itemApprovalCleared,
  photoMarkupSet,
  photoPairsChanged,
];

export type ProjectEvent =
  | EventOf<typeof projectCreated>
  | EventOf<typeof projectUpdated>
  | EventOf<typeof projectDeleted>
  | EventOf<typeof lockBoxCodeSet>
  | EventOf<typeof clientAssigned>
  | EventOf<typeof clientInvited>
  | EventOf<typeof invitationAccepted>
  | EventOf<typeof roomAdded>
  | EventOf<typeof roomRenamed>
  | EventOf<typeof roomDeleted>
  | EventOf<typeof photoPublished>;

export type ItemEvent =
  | EventOf<typeof itemAdded>
  | EventOf<typeof itemFlagSet>
  | EventOf<typeof itemDetailsEdited>
  | EventOf<typeof itemListChanged>
  | EventOf<typeof cabinetDetailsEdited>
  | EventOf<typeof photoPublished>
  | EventOf<typeof itemDeleted>
  | EventOf<typeof itemBudgetSet>
  | EventOf<typeof itemScheduleSet>
  | EventOf<typeof itemApproved>
  | EventOf<typeof itemDeclined>
  | EventOf<typeof itemApprovalCleared>
  | EventOf<typeof photoMarkupSet>
  | EventOf<typeof photoPairsChanged>;

export { itemStreamId, projectStreamId } from '../streams';
