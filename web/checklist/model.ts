import { isBacksplash, safeHref, splitLinks } from '../../events/projects/checklist-layout';
import { isComplete } from '../../events/projects/model';
import type { ItemCategory } from '../../events/projects/model';
import { apiFlagStats, flagStatsOfApi, flagsOfApi, type Flag } from '../../contract/flags';
import type { ChecklistItem, ProjectStats } from '../../contract/projects';

/** The checklist page's pure rules: room groups, colours, counters. */

// Shared with the PDF export.
export {
  backsplashJson,
  badgeTone,
  groupRooms,
  isBacksplash,
  safeHref,
  safeImageSrc,
  parseBacksplash,
  roomCountLabel,
  splitLinks,
  type Backsplash,
  type BadgeTone,
} from '../../events/projects/checklist-layout';

/** Spec section 6: Purchased shows green for fixtures, door knobs and mirrors, red otherwise. */
const greenPurchaseCategories: readonly ItemCategory[] = ['light_fixtures', 'plumbing_fixtures', 'door_knobs'];
export const purchasedTone = (item: Pick<ChecklistItem, 'category' | 'name'>): 'green' | 'red' =>
  greenPurchaseCategories.includes(item.category) || /mirror/i.test(item.name) ? 'green' : 'red';

export function roomProgress(items: readonly ChecklistItem[]): { completed: number; total: number } {
  return { completed: items.filter((item) => isComplete(flagsOfApi(item))).length, total: items.length };
}

const percent = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 100) : 0);

/** The project counters after one item's flag changes (the optimistic update of a toggle). */
export function statsAfterToggle(stats: ProjectStats, before: ChecklistItem, flag: Flag, value: boolean): ProjectStats {
  const was = flagsOfApi(before);
  const is = { ...was, [flag]: value };
  const step = (flagWas: boolean, flagIs: boolean) => Number(flagIs) - Number(flagWas);
  const completed = stats.completed + step(isComplete(was), isComplete(is));
  // How many items are Selected and Installed.
  const counted = flagStatsOfApi(stats).count;
  const count = { selected: counted.selected + step(was.selected, is.selected), installed: counted.installed + step(was.installed, is.installed) };
  return {
    total: stats.total,
    completed,
    ...apiFlagStats(count, { selected: percent(count.selected, stats.total), installed: percent(count.installed, stats.total) }),
    percentage: percent(completed, stats.total),
  };
}

export function joinLinks(counts: readonly [string, string] | null, links: readonly string[]): string[] {
  return counts ? [counts[0], counts[1], ...links] : [...links];
}

/**
 * The links as they are saved: trimmed, blanks dropped (the API refuses them), duplicates kept
 * once. Door counts are exempt.
 */
export function cleanLinks(links: readonly string[]): string[] {
  return [...new Set(links.map((link) => link.trim()).filter(Boolean))];
}

/**
 * Spec section 5: a link is added only if non-empty and not already in the list. The API takes
 * only http(s) addresses, so an address typed without its scheme ('example.com/tile') is saved as
 * the https address it opens (safeHref); other text is kept as typed, for the API to refuse.
 */
export function withLink(links: readonly string[], text: string | null): string[] | null {
  const typed = text?.trim();
  if (!typed) return null;
  const link = /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(typed) ? typed : (safeHref(typed) ?? typed);
  if (links.some((existing) => existing.trim() === link)) return null;
  return [...links, link];
}

/** An item card's shape, for the height its placeholder takes before it is drawn (checklist.css). */
export function cardKind(item: ChecklistItem): 'single' | 'counts' | 'backsplash' | 'cabinet' {
  if (item.itemType === 'cabinet') return 'cabinet';
  if (isBacksplash(item)) return 'backsplash';
  return item.category === 'door_knobs' ? 'counts' : 'single';
}

/**
 * How much taller than its kind's placeholder an item card may be, in rem: its links, its photos'
 * row and details past one line, with a rem to spare. A card off screen is not laid out and stands
 * this tall (checklist.css): never shorter than its contents, which would otherwise reach over the
 * next card's controls for hit testing (axe target-size).
 */
export function cardExtraRem(item: ChecklistItem): number {
  const links = splitLinks(item).links.length;
  const lines = isBacksplash(item) ? 1 : Math.min(5, item.details.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / 30)), 0));
  return 1 + links * 2.75 + (item.referenceImages.length > 0 ? 4.5 : 0) + (lines - 1) * 1.25;
}
