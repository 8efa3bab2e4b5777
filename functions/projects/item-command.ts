import { itemDecider, type ItemCommand } from '../../events/projects/item';
import type { SignedIn } from '../auth/sessions';
import { inProject, runCommands } from '../commands/run-commands';
import { itemViews } from '../projections/item-views';
import type { IdempotencyKey } from '../store/event-store';
import { answeredItem } from './item-answer';
import { accessibleItem } from './item-access';

/**
 * A change to one item by a signed-in person (PATCH / PUT, approve, decline): the item as the
 * caller may see it (404 otherwise, from the head read with the session), its commands run with
 * its views, and the item answered as the caller sees it. Three steps: the session with the
 * item's head, its project and room, the transaction.
 */
export async function changeItem(
  request: { readonly principal: SignedIn; readonly requestId: string; readonly idempotency?: IdempotencyKey; readonly preloaded: readonly (Record<string, unknown> | undefined)[] },
  itemId: string,
  commands: readonly ItemCommand[],
) {
  const { principal, requestId, idempotency, preloaded } = request;
  const { location, room, head, view } = await accessibleItem(principal, itemId, preloaded[0]);
  const { result } = await runCommands(itemDecider, inProject(location, itemId), commands, {
    by: { principal, requestId, idempotency },
    projection: itemViews(location, room),
    head,
    ...(view ? { known: [view] } : {}),
    respond: (after, events) => answeredItem(location.projectId, after, events, { principal, view }),
  });
  return result;
}
