import type { FieldChange } from '../../contract/audit';
import { apiFlagField, type Flag } from '../../contract/flags';
import type { Approval, ChecklistItem } from '../../contract/projects';
import { cabinetParts, isBacksplash, parseBacksplash, splitLinks } from '../../events/projects/checklist-layout';

/**
 * A change as people read it, in an item's History dialog (the checklist) and on the project's
 * Audit page: the API's field names as the card labels them, each change as a before → after line
 * or as list entries added and removed, and the local times of the date-time picker.
 */

export type ChangeLine =
  | { kind: 'value'; label: string; before: string; after: string }
  | { kind: 'list'; label: string; added: string[]; removed: string[] }
  /** A text that was written, not changed (a chat message). */
  | { kind: 'text'; label: string; text: string };

/** The flags as the card labels them. */
export const flagLabels: Record<Flag, string> = { selected: 'Selected', purchased: 'Purchased', installed: 'Installed' };

const fieldLabels: Record<string, string> = {
  [apiFlagField.selected]: flagLabels.selected,
  [apiFlagField.purchased]: flagLabels.purchased,
  [apiFlagField.installed]: flagLabels.installed,
  details: 'Details',
  referenceLinks: 'Reference links',
  referenceImages: 'Reference images',
  cabinetLinks: 'Cabinet links',
  cabinetImages: 'Cabinet images',
  cabinetDetails: 'Cabinet details',
  name: 'Name',
  allowance: 'Allowance',
  cost: 'Cost',
  decideBy: 'Decide by',
  leadTimeDays: 'Lead time (days)',
  approval: 'Approval',
  // Issue 30: a change order's fields in its audit entries.
  changeOrder: 'Change order',
  description: 'Description',
  items: 'Items',
  priceChange: 'Price change',
  scheduleChange: 'Schedule change',
  status: 'Status',
  supersedes: 'Supersedes',
  signedBy: 'Signed by',
  documentHash: 'Document SHA-256',
  signedDocument: 'Signed document (canonical JSON)',
  declineReason: 'Decline reason',
};

const cabinetLabels: Record<string, string> = {
  ...Object.fromEntries(
    cabinetParts.flatMap(({ key, label }) => [
      [key, label],
      [`${key}Completed`, `${label} completed`],
      [`${key}Links`, `${label} links`],
      [`${key}Images`, `${label} images`],
    ]),
  ),
  specialFeatures: 'Special features',
  specialFeaturesCompleted: 'Special features completed',
  specialFeaturesLinks: 'Special features links',
  specialFeaturesImages: 'Special features images',
  totalPulls: 'Total pulls',
  totalKnobs: 'Total knobs',
};

/** Fields the card does not show as such: ids, order, kind, and `completed` (all three flags, shown themselves). */
const hiddenFields = new Set(['id', 'roomId', 'category', 'itemType', 'order', 'completed']);

export const fieldLabel = (field: string): string => fieldLabels[field] ?? field;

/** A value as one line of text: Yes/No, '(empty)' for blank text and missing values. */
export function valueText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

function listLine(label: string, before: unknown, after: unknown): ChangeLine {
  const [was, is] = [asList(before), asList(after)];
  return { kind: 'list', label, added: is.filter((entry) => !was.includes(entry)), removed: was.filter((entry) => !is.includes(entry)) };
}

const isList = (before: unknown, after: unknown) => Array.isArray(before) || Array.isArray(after);

/** A backsplash keeps its Tile and Grout as JSON in its details: shown as the card shows them. */
function detailsText(item: Pick<ChecklistItem, 'name'>, details: unknown): string {
  if (!isBacksplash(item) || typeof details !== 'string' || details === '') return valueText(details);
  const { tile, grout } = parseBacksplash(details);
  return `Tile: ${valueText(tile)}; Grout: ${valueText(grout)}`;
}

/**
 * The lines of one history entry, in the card's words. The item (its current name and category)
 * says how to read details (a backsplash's JSON) and reference links (a door knob's two counts).
 */
export function changeLines(changes: readonly FieldChange[], item: Pick<ChecklistItem, 'name' | 'category'>): ChangeLine[] {
  return changes.flatMap(({ field, before, after }): ChangeLine[] => {
    if (hiddenFields.has(field)) return [];
    if (field === 'details') return [{ kind: 'value', label: 'Details', before: detailsText(item, before), after: detailsText(item, after) }];
    if (field === 'referenceLinks') return linkLines(item, before, after);
    if (field === 'cabinetDetails') return cabinetLines(before, after);
    if (field === 'approval') return [{ kind: 'value', label: 'Approval', before: approvalText(before), after: approvalText(after) }];
    if (field === 'approvedSelection') return [{ kind: 'text', label: 'Approved selection', text: selectionText(item, after) }];
    // Issue 30: a change order naming the item, as its history line.
    if (field === 'changeOrder') return [{ kind: 'text', label: 'Change order', text: String(after) }];
    // Issue 30: a punch item naming the item, as its history line.
    if (field === 'punchItem') return [{ kind: 'text', label: 'Punch item', text: String(after) }];
    if (isList(before, after)) return [listLine(fieldLabel(field), before, after)];
    return [{ kind: 'value', label: fieldLabel(field), before: valueText(before), after: valueText(after) }];
  });
}

/** The client's answer as the card words it (issue 18). */
function approvalText(value: unknown): string {
  const approval = value as Approval | null | undefined;
  if (approval?.status === 'approved') return `Approved by ${approval.approvedBy.name}`;
  if (approval?.status === 'declined') return `Declined: ${approval.reason}`;
  return '(none)';
}

/** What an approval covered (events/projects/selection.ts), field by field in the card's words. */
function selectionText(item: Pick<ChecklistItem, 'name'>, value: unknown): string {
  const selection = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return Object.entries(selection)
    .map(([field, entry]) => `${fieldLabel(field)}: ${field === 'details' ? detailsText(item, entry) : Array.isArray(entry) ? entry.join(', ') || '(empty)' : valueText(entry)}`)
    .join('; ');
}

function linkLines(item: Pick<ChecklistItem, 'category'>, before: unknown, after: unknown): ChangeLine[] {
  const was = splitLinks({ category: item.category, referenceLinks: asList(before) });
  const is = splitLinks({ category: item.category, referenceLinks: asList(after) });
  const lines: ChangeLine[] = [];
  (['Total passage', 'Total locking'] as const).forEach((label, index) => {
    const [from, to] = [was.counts?.[index] ?? '', is.counts?.[index] ?? ''];
    if (from !== to) lines.push({ kind: 'value', label, before: valueText(from), after: valueText(to) });
  });
  const links = listLine('Reference links', was.links, is.links);
  if (links.kind === 'list' && (links.added.length || links.removed.length)) lines.push(links);
  return lines;
}

function cabinetLines(before: unknown, after: unknown): ChangeLine[] {
  const was = (before ?? {}) as Record<string, unknown>;
  const is = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return keys.flatMap((key): ChangeLine[] => {
    const [from, to] = [was[key], is[key]];
    if (JSON.stringify(from ?? null) === JSON.stringify(to ?? null)) return [];
    const label = `Cabinet details: ${cabinetLabels[key] ?? key}`;
    if (isList(from, to)) return [listLine(label, from, to)];
    // A part never set reads as not completed / empty, not as a change from nothing.
    if ((from === undefined && (to === false || to === '')) || (to === undefined && (from === false || from === ''))) return [];
    return [{ kind: 'value', label, before: valueText(from ?? (typeof to === 'boolean' ? false : '')), after: valueText(to ?? (typeof from === 'boolean' ? false : '')) }];
  });
}

/** What an event was, when its field lines do not say it: adding, deleting, a photo upload. */
export function eventSummary(eventType: string): string | null {
  switch (eventType) {
    case 'ItemAdded':
      return 'Added the item';
    case 'ItemDeleted':
      return 'Deleted the item';
    case 'PhotoPublished':
      return 'Uploaded a photo';
    case 'ItemApproved':
      return 'Approved the selection';
    case 'ItemDeclined':
      return 'Declined the selection';
    case 'ItemApprovalCleared':
      return 'Approval cleared: details changed';
    default:
      return null;
  }
}

/** An entry's field lines are shown for edits; an added or deleted item's whole state is not a list of changes. */
export const showsChanges = (eventType: string): boolean => eventType !== 'ItemAdded' && eventType !== 'ItemDeleted';


const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
/** A moment in the browser's local time, to the second ('Nov 24, 2026, 7:05:12 AM'). */
export const localDateTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
};

const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
const dayTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Field mode (issue 29): 'made offline at 2:02 PM' when the person's device made the change more
 * than a minute before (or after: a wrong clock) the server recorded it; the day too when it was
 * another day. Null when the two agree, or no device time was sent.
 */
export function madeOfflineText({ at, deviceTime }: { at: string; deviceTime?: string }): string | null {
  if (!deviceTime) return null;
  const [device, server] = [new Date(deviceTime), new Date(at)];
  if (Number.isNaN(device.getTime()) || Number.isNaN(server.getTime()) || Math.abs(server.getTime() - device.getTime()) <= 60_000) return null;
  const sameDay = device.toDateString() === server.toDateString();
  // ICU puts a narrow no-break space before AM/PM: a plain one reads (and matches) the same.
  return `made offline at ${(sameDay ? timeFormat : dayTimeFormat).format(device).replace(/\u202f/g, ' ')}`;
}

const pad = (value: number) => String(value).padStart(2, '0');
/** A moment as `<input type="datetime-local" step="1">` reads it: local time, to the second. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/**
 * The picker's local time as an ISO moment, or null while it is incomplete. A picked second
 * covers the whole second (…:12.999), so a change made at 7:05:12.400 shows when 7:05:12 is picked.
 * The picker shows seconds, and browsers leave zero seconds out of its value: 07:05 is 07:05:00
 * (to 07:05:00.999), not the whole minute.
 */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  if (date.getMilliseconds() === 0) date.setMilliseconds(999);
  return date.toISOString();
}
