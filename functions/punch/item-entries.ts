import { describePunchEvent } from '../../events/punch/activity';
import { punchDecider } from '../../events/punch/punch';
import { relatedEntries, type RelatedEntry } from '../projects/related-entries';
import { punchItemViews } from './read';

/**
 * The punch items in a checklist item's history (issue 30): the project's punch items that name
 * the item now, each event of theirs as one entry whose one change, `punchItem`, is its history
 * line ('Marked "Scratch" fixed').
 */
export async function punchEntriesOfItem(projectId: string, itemId: string): Promise<RelatedEntry[]> {
  const naming = (await punchItemViews(projectId)).filter((view) => view.itemId === itemId);
  return relatedEntries(
    punchDecider,
    naming.map((view) => view.id),
    'punchItem',
    (event, before, after) => describePunchEvent(event, { title: after.title || before.title, roomName: '' }).summary,
  );
}
