import { itemDecider, type ItemCommand, type ItemState } from '../../events/projects/item';
import { SelectionChanged } from '../../events/projects/item-approval';
import { EDIT_CONFLICT_MESSAGE, EditConflict } from '../../events/projects/edit-base';
import type { Caller } from '../commands/caller';
import { inProject, runCommands } from '../commands/run-commands';
import { reply, type Reply } from '../http/responses';
import { itemViews } from '../projections/item-views';
import type { ChecklistItem, EditConflictAnswer, SelectionChangedAnswer } from '../../contract/projects';
import { answeredItem } from './item-answer';
import { accessibleItem } from './item-access';

/**
 * A change to one item by a signed-in person (PATCH / PUT, approve, decline): the item as the
 * caller may see it (404 otherwise, from the head read with the session), its commands run with
 * its views, and the item answered as the caller sees it. Three steps: the session with the
 * item's head, its project and room, the transaction. An approval or decline of a selection that
 * changed since the client read it records nothing and answers 409 with the item as it is now;
 * so does an edit whose base is stale for a text someone else changed (field mode, issue 29),
 * with the current values of the conflicting texts.
 */
export async function changeItem(
  request: { readonly caller: Caller; readonly preloaded: readonly (Record<string, unknown> | undefined)[]; readonly projectSummary?: Record<string, unknown> },
  itemId: string,
  commands: readonly ItemCommand[],
): Promise<ChecklistItem | Reply<409, SelectionChangedAnswer | EditConflictAnswer>> {
  const { caller, preloaded } = request;
  const { principal } = caller;
  const { location, room, head, view } = await accessibleItem(principal, itemId, preloaded[0], request.projectSummary);
  try {
    const { result } = await runCommands(itemDecider, inProject(location, itemId), commands, {
      by: caller,
      projection: itemViews(location, room),
      head,
      ...(view ? { known: [view] } : {}),
      respond: (after, events, _at, version) => answeredItem(location.projectId, after, events, { principal, view }, version),
    });
    return result;
  } catch (error) {
    // The item as it is now, at the version the refusal was decided at.
    const itemNow = (state: ItemState) => answeredItem(location.projectId, state, [], { principal, view }, (error as EditConflict).streamVersion ?? 0);
    if (error instanceof EditConflict) {
      const answer: EditConflictAnswer = { message: EDIT_CONFLICT_MESSAGE, fieldErrors: error.fieldErrors!, current: error.current, item: itemNow(error.item) };
      return reply(409, answer);
    }
    if (!(error instanceof SelectionChanged)) throw error;
    const [reason] = error.fieldErrors!.selectionHash!;
    // The message as it is, not prefixed by the field: the web app shows it to the client.
    const answer: SelectionChangedAnswer = { message: reason!, fieldErrors: { selectionHash: [reason!] }, item: itemNow(error.item) };
    return reply(409, answer);
  }
}
