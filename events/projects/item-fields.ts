import { invalid } from '../errors';
import { cabinetDetailsSchema, type BudgetField, type CabinetDetails, type ListField } from './events';
import { isImageRef, isWebUrl } from './links';
import { limits, type ItemCategory } from './model';
import { isMoney, moneyMessage } from './values';

/**
 * What an item's fields may hold, as the item decider (./item.ts) checks a command's values: the
 * details (a Backsplash's tile and grout), the cabinet details, the link and image lists, money.
 * Each throws the DomainError naming the field.
 */

export function checkMoney(field: BudgetField, value: number | null): void {
  if (value !== null && !isMoney(value)) throw invalid(field, moneyMessage);
}

/**
 * Details: at most 500 characters. A Backsplash keeps Tile and Grout as JSON inside its details
 * (spec section 3); each of those is limited to 300 instead.
 */
export function checkDetails(details: string): void {
  const backsplash = backsplashOf(details);
  if (backsplash) {
    for (const field of ['tile', 'grout'] as const) {
      if ((backsplash[field] ?? '').length > limits.backsplashField) {
        throw invalid(field, `${field === 'tile' ? 'Tile' : 'Grout'} must be at most ${limits.backsplashField} characters`);
      }
    }
    return;
  }
  if (details.length > limits.details) throw invalid('details', `Details must be at most ${limits.details} characters`);
}

function backsplashOf(details: string): { tile?: string; grout?: string } | undefined {
  if (!details.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(details);
    const isBacksplash = typeof parsed === 'object' && parsed !== null && ('tile' in parsed || 'grout' in parsed);
    return isBacksplash ? (parsed as { tile?: string; grout?: string }) : undefined;
  } catch {
    return undefined;
  }
}

export function checkCabinetDetails(details: CabinetDetails | null): void {
  if (!details) return;
  const parsed = cabinetDetailsSchema.safeParse(details);
  const issue = parsed.error?.issues[0];
  if (issue) throw invalid(['cabinetDetails', ...issue.path].join('.'), issue.message);
  // The stored events' schema takes any text (old events must still pass); a new one takes only safe addresses.
  for (const [key, value] of Object.entries(details)) {
    if (!Array.isArray(value)) continue;
    const images = key.endsWith('Images');
    const unsafe = value.find((entry: string) => !(images ? isImageRef(entry) : isWebUrl(entry)));
    if (unsafe !== undefined) throw invalid(`cabinetDetails.${key}`, images ? imageMessage : linkMessage);
  }
}

export const linkMessage = 'Links must be http or https addresses';
export const imageMessage = 'Images must be http or https addresses or uploaded photos (/objects/…)';

/**
 * Reference links: no blank entry and no duplicate (spec section 5); links are http(s) URLs,
 * images also our /objects/ paths (issue 12). Door knob items keep their passage and locking door
 * counts in the first two entries (spec section 2), which are exempt: free text.
 */
/** The leading entries of a list that are values by position, not links: a door knob item's two counts. */
export const countedEntries = (field: ListField, category: ItemCategory): number => (field === 'referenceLinks' && category === 'door_knobs' ? 2 : 0);

export function checkList(field: ListField, values: readonly string[], category: ItemCategory): string[] {
  const trimmed = values.map((value) => value.trim());
  // A merged list (field mode) may outgrow what one request may send.
  if (trimmed.length > limits.listEntries) throw invalid(field, `at most ${limits.listEntries} entries`);
  const counted = countedEntries(field, category);
  const rest = trimmed.slice(counted);
  if (rest.some((value) => !value)) throw invalid(field, 'Entries must not be empty');
  if (new Set(rest).size !== rest.length) throw invalid(field, 'Entries must not repeat');
  const images = field === 'referenceImages' || field === 'cabinetImages';
  if (!rest.every(images ? isImageRef : isWebUrl)) throw invalid(field, images ? imageMessage : linkMessage);
  return trimmed;
}
