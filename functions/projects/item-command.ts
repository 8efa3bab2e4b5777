import { itemDecider, type ItemCommand } from '../../events/projects/item';
import { SelectionChanged } from '../../events/projects/item-approval';
import type { SignedIn } from '../auth/sessions';
import { inProject, runCommands } from '../commands/run-commands';
import { reply, type Reply } from '../http/responses';
import { itemViews } from '../projections/item-views';
import type { IdempotencyKey } from '../store/event-store';
import type { ChecklistItem, SelectionChangedAnswer } from '../../contract/projects';
import { answeredItem } from './item-answer';
import { accessibleItem } from './item-access';

/**
 * A change to one item by a signed-in person (PATCH / PUT, approve, decline): the item as the
 * caller may see it (404 otherwise, from the head read with the session), its commands run with
 * its views, and the item answered as the caller sees it. Three steps: the session with the
 * item's head, its project and room, the transaction. An approval or decline of a selection that
 * changed since the client read it records nothing and answers 409 with the item as it is now.
 */
export async function changeItem(
  request: { readonly principal: SignedIn; readonly requestId: string; readonly idempotency?: IdempotencyKey; readonly preloaded: readonly (Record<string, unknown> | undefined)[] },
  itemId: string,
  commands: readonly ItemCommand[],
): Promise<ChecklistItem | Reply<409, SelectionChangedAnswer>> {
  const { principal, requestId, idempotency, preloaded } = request;
  const { location, room, head, view } = await accessibleItem(principal, itemId, preloaded[0]);
  try {
    const { result } = await runCommands(itemDecider, inProject(location, itemId), commands, {
      by: { principal, requestId, idempotency },
      projection: itemViews(location, room),
      head,
      ...(view ? { known: [view] } : {}),
      respond: (after, events) => answeredItem(location.projectId, after, events, { principal, view }),
    });
    return result;
  } catch (error) {
    if (!(error instanceof SelectionChanged)) throw error;
    const [reason] = error.fieldErrors!.selectionHash!;
    // The message as it is, not prefixed by the field: the web app shows it to the client.
    const answer: SelectionChangedAnswer = {
      message: reason!,
      fieldErrors: { selectionHash: [reason!] },
      item: answeredItem(location.projectId, error.item, [], { principal, view }),
    };
    return reply(409, answer);
  }
}
