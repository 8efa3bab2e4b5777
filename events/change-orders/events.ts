import * as z from 'zod/mini';
import { defineEvent, type EventOf } from '../catalogue-machinery';

/**
 * Change orders' events (issue 30), one stream per change order (`changeOrder#<id>`), each
 * carrying its project's id (the stream's), so the project's history, audit export and live
 * updates find them. The price change is a project-level adjustment of the budget (not a change
 * of any item's allowance or cost): the items named are what the change is about.
 */

/** The terms a draft holds, and an edit changes: what the client is asked to sign. */
export const changeOrderTermsSchema = z.object({
  title: z.string(),
  description: z.string(),
  itemIds: z.array(z.string()),
  priceChangeCents: z.number(),
  scheduleDays: z.number(),
});
export type ChangeOrderTerms = z.output<typeof changeOrderTermsSchema>;

/**
 * What the client was shown and signed, exactly: hashed as canonical JSON (RFC 8785) into the
 * signature's `documentHash` (./document.ts builds it). Item names are as shown then.
 */
export const changeOrderDocumentSchema = z.object({
  changeOrderId: z.string(),
  project: z.object({ id: z.string(), name: z.string() }),
  title: z.string(),
  description: z.string(),
  items: z.array(z.object({ id: z.string(), name: z.string() })),
  priceChangeCents: z.number(),
  scheduleDays: z.number(),
  version: z.number(),
});
export type ChangeOrderDocument = z.output<typeof changeOrderDocumentSchema>;

/** The contractor drafted it; `supersedes`: the earlier (signed or declined) change order it replaces. */
export const changeOrderDrafted = defineEvent('ChangeOrderDrafted', {
  schemaVersion: 1,
  schema: () => z.object({ changeOrderId: z.string(), projectId: z.string(), ...changeOrderTermsSchema.shape, supersedes: z.nullable(z.string()) }),
});

/** The contractor changed the draft's terms (the fields that changed, before → after). */
export const changeOrderEdited = defineEvent('ChangeOrderEdited', {
  schemaVersion: 1,
  schema: () => z.object({ from: z.partial(changeOrderTermsSchema), to: z.partial(changeOrderTermsSchema) }),
});

/** Mailed to the project's assigned client (`clientId`); sending again mails again. */
export const changeOrderSent = defineEvent('ChangeOrderSent', {
  schemaVersion: 1,
  schema: () => z.object({ sentAt: z.string(), clientId: z.string() }),
});

/**
 * The client signed: who (by id; the name they typed is sealed as theirs), when, from which
 * browser, and the document they were shown with its SHA-256, so the record proves what was signed.
 */
export const changeOrderSigned = defineEvent('ChangeOrderSigned', {
  schemaVersion: 1,
  schema: () => z.object({
    signedAt: z.string(),
    signedBy: z.string(),
    fullName: z.string(),
    userAgent: z.string(),
    documentHash: z.string(),
    document: changeOrderDocumentSchema,
  }),
});

/** The client declined, saying why, the document they were shown named by its hash. */
export const changeOrderDeclined = defineEvent('ChangeOrderDeclined', {
  schemaVersion: 1,
  schema: () => z.object({ declinedAt: z.string(), declinedBy: z.string(), reason: z.string(), documentHash: z.string() }),
});

export const changeOrderEvents = [changeOrderDrafted, changeOrderEdited, changeOrderSent, changeOrderSigned, changeOrderDeclined];
export type ChangeOrderEvent =
  | EventOf<typeof changeOrderDrafted>
  | EventOf<typeof changeOrderEdited>
  | EventOf<typeof changeOrderSent>
  | EventOf<typeof changeOrderSigned>
  | EventOf<typeof changeOrderDeclined>;

export { changeOrderStreamId } from '../streams';
