import * as z from 'zod';
import { uuid } from '../ids';
import { cabinetDetailsSchema } from './events';
import { itemCategories, itemTypes, limits, projectStatuses, roomTypes } from './model';

/**
 * What the checklist API accepts (spec sections 5 and 7), shared with the web forms. Blank
 * optional text means none. Every text has a length limit (`limits`), every id the shape we mint
 * (`../ids`). Whether a link or image is a safe address is the item's rule (see item.ts
 * `checkList`): door knob counts share the reference links list.
 */

const required = (message: string, max = 200) => z.string(message).trim().min(1, message).max(max, `must be at most ${max} characters`);
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);
const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}/, 'must be a date (YYYY-MM-DD)')
  .max(30, 'must be a date (YYYY-MM-DD)')
  .nullish()
  .or(z.literal(''))
  .transform((value) => value || null);

export const projectInput = z.object({
  name: required('Project name is required', limits.projectName),
  address: required('Project address is required', limits.address),
  clientName: required('Client name is required', limits.personName),
  clientEmail: z
    .string('Invalid email address')
    .trim()
    .max(limits.email, `must be at most ${limits.email} characters`)
    .toLowerCase()
    .pipe(z.union([z.literal(''), z.email('Invalid email address')]))
    .nullish()
    .transform((value) => value || null),
  clientPhone: optional(limits.phone),
  status: z.enum(projectStatuses, 'Status must be active, paused, completed or cancelled').default('active'),
  contractorNotes: optional(limits.contractorNotes),
  startDate: isoDate,
  targetCompletionDate: isoDate,
});

export const projectPatchInput = z
  .object({
    lockBoxCode: optional(limits.lockBoxCode),
    status: z.enum(projectStatuses, 'Status must be active, paused, completed or cancelled'),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Send lockBoxCode or status');

export const roomInput = z.object({
  projectId: uuid('projectId'),
  type: z.enum(roomTypes, 'Unknown room type'),
  name: z.string('must be text').trim().max(limits.roomName, `must be at most ${limits.roomName} characters`).optional(),
  customName: z.string('must be text').trim().max(limits.roomName, `must be at most ${limits.roomName} characters`).nullish(),
});

export const roomRenameInput = z.object({
  customName: z.string('Room name is required').trim().min(1, 'Room name is required').max(limits.roomName, `must be at most ${limits.roomName} characters`),
});

/** Details: 500 (or a Backsplash's JSON of two 300s), checked exactly by the item; this bounds the text first. */
const details = z.string('must be text').max(limits.details * 2, `must be at most ${limits.details} characters`);

const flagMustBeFalse = z.literal(false, 'must be false for a new item').optional();

export const itemInput = z.object({
  roomId: uuid('roomId'),
  category: z.enum(itemCategories, 'Unknown category'),
  name: z.string('Item name is required').trim().min(1, 'Item name is required').max(limits.itemName, `must be at most ${limits.itemName} characters`),
  details: details.default(''),
  itemType: z.enum(itemTypes, 'Item type must be single, cabinet or vanity').default('single'),
  cabinetDetails: cabinetDetailsSchema.nullish().transform((value) => value ?? null),
  order: z.number().int('must be a whole number').min(0).max(100_000).default(0),
  // A new item starts with every flag off; completion is derived, never sent.
  completed: flagMustBeFalse,
  contractorCompleted: flagMustBeFalse,
  clientCompleted: flagMustBeFalse,
  purchasesMade: flagMustBeFalse,
});

const list = z
  .array(z.string('must be a list of text').max(limits.url, `must be at most ${limits.url} characters`), 'must be a list of text')
  .max(limits.listEntries, `at most ${limits.listEntries} entries`);

export const itemPatchInput = z
  .object({
    details,
    contractorCompleted: z.boolean('must be true or false'),
    clientCompleted: z.boolean('must be true or false'),
    purchasesMade: z.boolean('must be true or false'),
    cabinetDetails: cabinetDetailsSchema.nullable(),
    cabinetLinks: list,
    cabinetImages: list,
    referenceLinks: list,
    referenceImages: list,
  })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'Send at least one field to change');
export type ItemPatchInput = z.infer<typeof itemPatchInput>;
