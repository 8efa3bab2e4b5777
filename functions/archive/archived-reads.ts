import type { AuditStream } from '../../contract/audit';
import { catalogue } from '../../events/registered-events';
import { eventStore } from '../commands/event-store';
import type { HistoryRow } from '../projections/history';
import type { ItemView } from '../projections/item-views';
import type { ProjectSummaryView, RoomView } from '../projections/project-views';
import { replayProjectEvents } from '../projections/rebuild';
import { inDisplayOrder, inPositionOrder } from '../projects/read';
import { stateKeys } from '../store/keys';
import type { ViewItem } from '../store/write-set';
import { decodeArchive, type ArchiveDocument, type ArchivedMark } from './archive-document';
import { getArchiveObject } from './archive-bucket';

/**
 * Reads of an archived project: its archive object, fetched and replayed in memory through the
 * same projections the commands use (replayProjectEvents), answered from those views. Slower than
 * the table (a GetObject and a replay), which is fine for records nobody changes; a few are kept
 * per process, so paging through an archived project's audit costs one fetch.
 */

interface Opened {
  readonly document: ArchiveDocument;
  views?: Promise<ViewItem[]>;
}

/** Archives kept in memory per process: each can be tens of megabytes replayed. */
const KEPT = 4;
const kept = new Map<string, Promise<Opened>>();

function open(mark: ArchivedMark): Promise<Opened> {
  let opened = kept.get(mark.key);
  if (opened) {
    kept.delete(mark.key);
  } else {
    opened = getArchiveObject(mark.key).then((bytes) => ({ document: decodeArchive(bytes) }));
    opened.catch(() => kept.delete(mark.key));
  }
  kept.set(mark.key, opened);
  for (const key of kept.keys()) if (kept.size > KEPT) kept.delete(key);
  return opened;
}

/** Forgets a kept archive (after a restore: the table is the record again). */
export const forgetArchive = (key: string): void => void kept.delete(key);

/** The archived mark on a summary (the tombstone's), or undefined for a project in the tables. */
export const archivedMark = (summary: object | undefined): ArchivedMark | undefined => (summary as { archived?: ArchivedMark } | undefined)?.archived;

const markOf = (summary: ProjectSummaryView): ArchivedMark => {
  const mark = archivedMark(summary);
  if (!mark) throw new Error(`Project ${summary.id} is not archived`);
  return mark;
};

/** Every stream of the archived project as stored, with its head: what the audit page and export read. */
export async function archivedStreams(summary: ProjectSummaryView): Promise<AuditStream[]> {
  return (await open(markOf(summary))).document.streams;
}

/** The archived project's views, replayed from its events (personal values opened, old versions upcast), once per kept archive. */
async function archivedViews(summary: ProjectSummaryView): Promise<ViewItem[]> {
  const opened = await open(markOf(summary));
  opened.views ??= (async () => {
    const stored = opened.document.streams.flatMap((stream) => stream.events).sort((a, b) => a.eventId.localeCompare(b.eventId));
    const events = (await eventStore().opened(stored)).map((event) => catalogue.upcast(event));
    return replayProjectEvents(summary.id, events);
  })();
  return opened.views;
}

const inPartition = (views: readonly ViewItem[], pk: string, prefix: string) => views.filter((view) => view.pk === pk && view.sk.startsWith(prefix));

/** The checklist's rooms and items, as listChecklist answers them. */
export async function archivedChecklist(summary: ProjectSummaryView): Promise<{ rooms: RoomView[]; items: Map<string, ItemView[]> }> {
  const views = await archivedViews(summary);
  const rooms = (inPartition(views, stateKeys.projectSummary(summary.id).pk, stateKeys.projectRoomsPrefix) as unknown as RoomView[]).sort(inPositionOrder);
  const items = rooms.map((room) => (inPartition(views, stateKeys.roomPointer(room.id).pk, stateKeys.roomItemsPrefix) as unknown as ItemView[]).sort(inDisplayOrder));
  return { rooms, items: new Map(rooms.map((room, at) => [room.id, items[at]!])) };
}

/** The history rows, newest first, as listHistory answers them (for projectHistory's `rows`). */
export function archivedHistoryRows(summary: ProjectSummaryView) {
  return async (_projectId: string, limit: number): Promise<HistoryRow[]> => {
    const rows = inPartition(await archivedViews(summary), stateKeys.projectSummary(summary.id).pk, stateKeys.historyPrefix) as unknown as HistoryRow[];
    return rows.sort((a, b) => b.sk.localeCompare(a.sk)).slice(0, limit);
  };
}
