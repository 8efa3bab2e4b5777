import type { CabinetDetails } from '../../../events/projects/events';
import { backsplashJson, cabinetParts, parseBacksplash } from '../../../events/projects/checklist-layout';
import { mergeCabinetDetails } from '../../../events/projects/edit-base';
import type { OutboxCommand } from './command';

/**
 * A change the server refused because someone else changed the same text since (409): kept,
 * with both versions, until the person decides (keep mine, keep theirs, merge by hand). One per
 * item (or room) at a time: a later refused edit of the same thing replaces 'mine'.
 */
export interface Conflict {
  /** `item:<id>` or `room:<id>`. */
  readonly id: string;
  readonly projectId: string;
  readonly itemId?: string;
  readonly roomId?: string;
  /** The item's or room's name, for the lists. */
  readonly name: string;
  readonly backsplash: boolean;
  /** The refused command: its body holds my values and the base they were made against. */
  readonly command: OutboxCommand;
  /** The server's current values of the conflicting fields (the 409's `current`). */
  readonly theirs: Readonly<Record<string, unknown>>;
  /** The item's version as the 409 answered it: the next attempt is made against it. */
  readonly version?: number;
  readonly at: string;
}

/** One text to decide, as the panel shows it. */
export interface ConflictText {
  readonly key: string;
  readonly label: string;
  readonly mine: string;
  readonly theirs: string;
  /** A text merged by hand; a cabinet part's flag or list in conflict is not (mine is kept). */
  readonly editable: boolean;
}

type Body = { base?: Record<string, unknown> } & Record<string, unknown>;
const bodyOf = (conflict: Conflict): Body => (conflict.command.body ?? {}) as Body;
/** A flag in words; a list one entry a line. */
const shown = (value: unknown): string => (typeof value === 'boolean' ? (value ? 'Completed' : 'Not completed') : text(value));
const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : Array.isArray(value) ? value.join('\n') : String(value));

const cabinetLabel = (key: string): string => {
  const part = cabinetParts.find((entry) => key.startsWith(entry.key));
  const suffix = part ? key.slice(part.key.length) : '';
  if (key === 'specialFeatures') return 'Special Features';
  if (key === 'totalPulls') return 'Total Pulls';
  if (key === 'totalKnobs') return 'Total Knobs';
  return part ? `${part.label}${suffix ? ` ${suffix.toLowerCase()}` : ''}` : key;
};

/** The texts the person decides between: details (a Backsplash's Tile and Grout), cabinet fields, a room's name. */
export function conflictTexts(conflict: Conflict): ConflictText[] {
  const body = bodyOf(conflict);
  const base = body.base ?? {};
  const texts: ConflictText[] = [];
  if ('customName' in conflict.theirs) texts.push({ key: 'customName', label: 'Room name', mine: text(body.customName), theirs: text(conflict.theirs.customName), editable: true });
  if ('details' in conflict.theirs) {
    if (conflict.backsplash) {
      const mine = parseBacksplash(text(body.details));
      const theirs = parseBacksplash(text(conflict.theirs.details));
      for (const key of ['tile', 'grout'] as const) {
        if (mine[key] !== theirs[key]) texts.push({ key, label: key === 'tile' ? 'Tile' : 'Grout', mine: mine[key], theirs: theirs[key], editable: true });
      }
    } else texts.push({ key: 'details', label: 'Details', mine: text(body.details), theirs: text(conflict.theirs.details), editable: true });
  }
  if ('cabinetDetails' in conflict.theirs) {
    const theirs = (conflict.theirs.cabinetDetails ?? null) as CabinetDetails | null;
    const mine = (body.cabinetDetails ?? null) as CabinetDetails | null;
    const keys = mergeCabinetDetails(theirs, (base.cabinetDetails ?? null) as CabinetDetails | null, mine).conflicts;
    for (const key of keys) {
      const my = (mine as Record<string, unknown> | null)?.[key];
      const their = (theirs as Record<string, unknown> | null)?.[key];
      const editable = typeof (my ?? their ?? '') === 'string';
      texts.push({ key, label: cabinetLabel(key), mine: shown(my), theirs: shown(their), editable });
    }
  }
  return texts;
}

/**
 * The body that settles the conflict: my values, or those typed by hand (`chosen`, by text key),
 * made against the server's current values (so it applies, unless someone changes them again).
 */
export function resolvedBody(conflict: Conflict, chosen: Readonly<Record<string, string>> = {}): Record<string, unknown> {
  const { base = {}, ...mine } = bodyOf(conflict);
  const next: Record<string, unknown> = { ...mine };
  const nextBase: Record<string, unknown> = { ...base };
  if ('customName' in conflict.theirs) {
    next.customName = chosen.customName ?? mine.customName;
    nextBase.customName = conflict.theirs.customName ?? null;
  }
  if ('details' in conflict.theirs) {
    const theirs = text(conflict.theirs.details);
    if (conflict.backsplash) {
      const was = parseBacksplash(text(base.details));
      const my = parseBacksplash(text(mine.details));
      const now = parseBacksplash(theirs);
      const part = (key: 'tile' | 'grout') => chosen[key] ?? (my[key] !== was[key] ? my[key] : now[key]);
      next.details = backsplashJson({ tile: part('tile'), grout: part('grout') });
    } else next.details = chosen.details ?? mine.details;
    nextBase.details = theirs;
  }
  if ('cabinetDetails' in conflict.theirs) {
    const theirs = (conflict.theirs.cabinetDetails ?? null) as CabinetDetails | null;
    const was = (base.cabinetDetails ?? null) as CabinetDetails | null;
    const my = (mine.cabinetDetails ?? null) as CabinetDetails | null;
    const { merged: result, conflicts } = mergeCabinetDetails(theirs, was, my);
    const merged: Record<string, unknown> = { ...result };
    // Only texts are merged by hand; a flag in conflict takes mine (as the merge does).
    for (const key of conflicts) if (typeof chosen[key] === 'string' && typeof merged[key] !== 'boolean') merged[key] = chosen[key];
    next.cabinetDetails = merged;
    nextBase.cabinetDetails = theirs;
  }
  return { ...next, base: nextBase };
}

/** Both texts in one, for merging by hand: mine first, then theirs, each kept whole. */
export const bothTexts = ({ mine, theirs }: ConflictText): string => (mine && theirs && mine !== theirs ? `${mine}\n${theirs}` : mine || theirs);
