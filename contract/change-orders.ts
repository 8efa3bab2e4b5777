import * as z from 'zod/mini';
import { uuid } from '../events/ids';
import { CONSENT_REQUIRED } from '../events/change-orders/change-order';
import { changeOrderLimits, daysMessage, priceMessage } from '../events/change-orders/terms';

/** Change orders (issue 30): what the API accepts and answers, shared by the server and the web app. */

export type ChangeOrderStatus = 'draft' | 'sent' | 'signed' | 'declined';

export interface ChangeOrder {
  readonly id: string;
  readonly projectId: string;
  readonly projectName: string;
  readonly title: string;
  readonly description: string;
  readonly itemIds: string[];
  /** The items it touches, by their names now (a deleted one reads 'Deleted item'). */
  readonly items: { id: string; name: string }[];
  /** Signed, the price change adjusts the project's budget (not any item's allowance or cost); in cents, + or −. */
  readonly priceChangeCents: number;
  /** Signed, moves the project's target completion by this many days, + or −. */
  readonly scheduleDays: number;
  readonly status: ChangeOrderStatus;
  /** The change order's stream version: the document names it. */
  readonly version: number;
  /**
   * SHA-256 of the canonical JSON of the document shown now (`document`): what a signature or
   * decline sends back. Once signed, the hash of the document signed.
   */
  readonly documentHash: string;
  readonly document: ChangeOrderDocument;
  readonly supersedes: ChangeOrderLink | null;
  readonly supersededBy: ChangeOrderLink | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly sentAt: string | null;
  readonly signature: ChangeOrderSignature | null;
  readonly decline: { reason: string; declinedAt: string; documentHash: string } | null;
}

export interface ChangeOrderLink {
  readonly id: string;
  readonly title: string;
}

export interface ChangeOrderSignature {
  readonly fullName: string;
  readonly signedAt: string;
  readonly signedBy: string;
  readonly userAgent: string;
  readonly documentHash: string;
}

export interface ChangeOrderDocument {
  readonly changeOrderId: string;
  readonly project: { id: string; name: string };
  readonly title: string;
  readonly description: string;
  readonly items: { id: string; name: string }[];
  readonly priceChangeCents: number;
  readonly scheduleDays: number;
  readonly version: number;
}

/** What the signed change orders add up to, in the budget answer (drafts, sent and declined ones count for nothing). */
export interface ChangeOrderAdjustment {
  readonly signed: number;
  /** In dollars, like the budget's other figures. */
  readonly total: number;
  readonly scheduleDays: number;
}

const text = (max: number, required?: string) =>
  required
    ? z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(max, `must be at most ${max} characters`))
    : z.string().check(z.trim(), z.maxLength(max, `must be at most ${max} characters`));
const wholeNumber = (bound: number, message: string) => z.number(message).check(z.refine((value) => Number.isSafeInteger(value) && Math.abs(value) <= bound, message));
const itemIds = z.array(uuid('itemIds'), 'must be a list of item ids').check(z.maxLength(changeOrderLimits.items, `must name at most ${changeOrderLimits.items} items`));

export const createChangeOrderInput = z.object({
  title: text(changeOrderLimits.title, 'Title is required'),
  description: z.optional(text(changeOrderLimits.description)),
  itemIds: z.optional(itemIds),
  priceChangeCents: wholeNumber(changeOrderLimits.priceChangeCents, priceMessage),
  scheduleDays: wholeNumber(changeOrderLimits.scheduleDays, daysMessage),
  supersedes: z.optional(z.nullable(uuid('supersedes'))),
});

export const patchChangeOrderInput = z.object({
  title: z.optional(text(changeOrderLimits.title, 'Title is required')),
  description: z.optional(text(changeOrderLimits.description)),
  itemIds: z.optional(itemIds),
  priceChangeCents: z.optional(wholeNumber(changeOrderLimits.priceChangeCents, priceMessage)),
  scheduleDays: z.optional(wholeNumber(changeOrderLimits.scheduleDays, daysMessage)),
});

const documentHash = z.string('documentHash is required').check(z.regex(/^[0-9a-f]{64}$/, 'must be the documentHash of the change order as read'));

export const signChangeOrderInput = z.object({
  fullName: text(changeOrderLimits.fullName, 'Type your full name'),
  consent: z.boolean(CONSENT_REQUIRED).check(z.refine((value) => value === true, CONSENT_REQUIRED)),
  documentHash,
});

export const declineChangeOrderInput = z.object({
  reason: text(changeOrderLimits.reason, 'Reason is required'),
  documentHash,
});
