import type { AuditStream } from '../../contract/audit';
import type { StoredEvent } from '../../events/envelope';
import { catalogue } from '../../events/registered-events';
import type { MessageView } from '../chat/chat-store';
import { eventStore } from '../commands/event-store';
import type { HistoryRow } from '../projections/history';
import type { ItemView } from '../projections/item-views';
import type { ProjectSummaryView, RoomView } from '../projections/project-views';
import { replayProjectEvents } from '../projections/rebuild';
import { inDisplayOrder, inPositionOrder } from '../projects/read';
import { stateKeys } from '../store/keys';
import { getStateItems } from '../store/view-table';
import { viewGeneration, withViewGeneration } from '../store/view-generation';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
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
  /** Replayed, per generation of the read models its keys are in (issue 31: a shadow rebuild's switch changes it). */
  readonly views: Map<number, Promise<ViewItem[]>>;
}

/**
 * Archives kept in memory per process: each can be tens of megabytes replayed. For minutes only:
 * the replayed views hold personal values opened, which an erasure (a deleted key) must end.
 */
const KEPT = 4;
const KEPT_MS = 5 * 60_000;
const kept = new Map<string, { opened: Promise<Opened>; until: number }>();

function open(mark: ArchivedMark): Promise<Opened> {
  let entry = kept.get(mark.key);
  kept.delete(mark.key);
  if (!entry || entry.until < Date.now()) {
    const opened = getArchiveObject(mark.key).then((bytes) => ({ document: decodeArchive(bytes), views: new Map() }));
    opened.catch(() => kept.delete(mark.key));
    entry = { opened, until: Date.now() + KEPT_MS };
  }
  kept.set(mark.key, entry);
  for (const key of kept.keys()) if (kept.size > KEPT) kept.delete(key);
  return entry.opened;
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
  return viewsOf(summary.id, markOf(summary));
}

async function viewsOf(projectId: string, mark: ArchivedMark): Promise<ViewItem[]> {
  const opened = await open(mark);
  const generation = viewGeneration();
  let views = opened.views.get(generation);
  if (!views) {
    views = withViewGeneration(generation, async () => {
      const stored = opened.document.streams.flatMap((stream) => stream.events).sort((a, b) => a.eventId.localeCompare(b.eventId));
      const events = (await eventStore().opened(stored)).map((event) => catalogue.upcast(event));
      return replayProjectEvents(projectId, events);
    });
    opened.views.set(generation, views);
  }
  return views;
}

/**
 * After an erasure (Delete Account): an archived project's events are sealed in the archive as in
 * the table, so deleting the person's key erased them there too; its tombstone is the one view
 * still in the table, so it is rewritten from the archive replayed now (the erased values read as
 * erased), keeping its mark. False when the project is not archived.
 */
export async function rewriteTombstone(projectId: string): Promise<boolean> {
  const key = stateKeys.projectSummary(projectId);
  const [summary] = await getStateItems([key]);
  const mark = archivedMark(summary);
  if (!mark) return false;
  forgetArchive(mark.key);
  const replayed = (await viewsOf(projectId, mark)).find((view) => view.pk === key.pk && view.sk === key.sk);
  forgetArchive(mark.key);
  if (replayed) await dynamo().send(new PutCommand({ TableName: config().stateTable, Item: { ...replayed, archived: mark }, ConditionExpression: 'attribute_exists(archived)' }));
  return true;
}

const inPartition = (views: readonly ViewItem[], pk: string, prefix: string) => views.filter((view) => view.pk === pk && view.sk.startsWith(prefix));

/** The checklist's rooms and items, as listChecklist answers them. */
export async function archivedChecklist(summary: ProjectSummaryView): Promise<{ rooms: RoomView[]; items: Map<string, ItemView[]> }> {
  const views = await archivedViews(summary);
  const rooms = (inPartition(views, stateKeys.projectSummary(summary.id).pk, stateKeys.projectRoomsPrefix) as unknown as RoomView[]).sort(inPositionOrder);
  const items = rooms.map((room) => (inPartition(views, stateKeys.roomPointer(room.id).pk, stateKeys.roomItemsPrefix) as unknown as ItemView[]).sort(inDisplayOrder));
  return { rooms, items: new Map(rooms.map((room, at) => [room.id, items[at]!])) };
}

/** One stream's events from the archive, personal values opened and upcast, by version (as eventStore().readStream reads them). */
export async function archivedStream(summary: ProjectSummaryView, streamId: string): Promise<StoredEvent[]> {
  const stream = (await archivedStreams(summary)).find((candidate) => candidate.streamId === streamId);
  return (await eventStore().opened(stream?.events ?? [])).map((event) => catalogue.upcast(event));
}

/** The chat's messages, oldest first, as listMessages answers them. */
export async function archivedMessages(summary: ProjectSummaryView): Promise<MessageView[]> {
  const messages = inPartition(await archivedViews(summary), stateKeys.chatMessage(summary.id, '').pk, stateKeys.chatMessagesPrefix) as unknown as MessageView[];
  return messages.sort((a, b) => (a as unknown as ViewItem).sk.localeCompare((b as unknown as ViewItem).sk));
}

/** The history rows, newest first, as listHistory answers them (for projectHistory's `rows`). */
export function archivedHistoryRows(summary: ProjectSummaryView) {
  return async (_projectId: string, limit: number): Promise<HistoryRow[]> => {
    const rows = inPartition(await archivedViews(summary), stateKeys.projectSummary(summary.id).pk, stateKeys.historyPrefix) as unknown as HistoryRow[];
    return rows.sort((a, b) => b.sk.localeCompare(a.sk)).slice(0, limit);
  };
}
