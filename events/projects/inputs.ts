import * as z from 'zod';
import { cabinetDetailsSchema } from './events';
import { itemCategories, itemTypes, limits, projectStatuses, roomTypes } from './model';

/**
 * What the checklist API accepts (spec sections 5 and 7), shared with the web forms. Blank
 * optional text means none.
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
  .nullish()
  .or(z.literal(''))
  .transform((value) => value || null);

export const projectInput = z.object({
  name: required('Project name is required'),
  address: required('Project address is required', 300),
  clientName: required('Client name is required'),
  clientEmail: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.union([z.literal(''), z.email('Invalid email address')]))
    .nullish()
    .transform((value) => value || null),
  clientPhone: optional(50),
  status: z.enum(projectStatuses, 'Status must be active, paused, completed or cancelled').default('active'),
  contractorNotes: optional(2000),
  startDate: isoDate,
  targetCompletionDate: isoDate,
});

export const projectPatchInput = z
  .object({
    lockBoxCode: optional(100),
    status: z.enum(projectStatuses, 'Status must be active, paused, completed or cancelled'),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Send lockBoxCode or status');

export const roomInput = z.object({
  projectId: z.string('projectId is required').min(1, 'projectId is required'),
  type: z.enum(roomTypes, 'Unknown room type'),
  name: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  customName: z.string().trim().max(100, 'must be at most 100 characters').nullish(),
});

export const roomRenameInput = z.object({
  customName: z.string('Room name is required').trim().min(1, 'Room name is required').max(100, 'must be at most 100 characters'),
});

const flagMustBeFalse = z.literal(false, 'must be false for a new item').optional();

export const itemInput = z.object({
  roomId: z.string('roomId is required').min(1, 'roomId is required'),
  category: z.enum(itemCategories, 'Unknown category'),
  name: z.string('Item name is required').trim().min(1, 'Item name is required').max(200, 'must be at most 200 characters'),
  details: z.string().max(limits.details * 2, 'is too long').default(''),
  itemType: z.enum(itemTypes, 'Item type must be single, cabinet or vanity').default('single'),
  cabinetDetails: cabinetDetailsSchema.nullish().transform((value) => value ?? null),
  order: z.number().int('must be a whole number').min(0).max(100_000).default(0),
  // A new item starts with every flag off; completion is derived, never sent.
  completed: flagMustBeFalse,
  contractorCompleted: flagMustBeFalse,
  clientCompleted: flagMustBeFalse,
  purchasesMade: flagMustBeFalse,
});

const list = z.array(z.string().max(2000, 'must be at most 2000 characters'), 'must be a list of text').max(50, 'at most 50 entries');

export const itemPatchInput = z
  .object({
    details: z.string().max(limits.details * 2, 'is too long'),
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
