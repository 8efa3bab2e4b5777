import { signChangeOrderInput } from '../../contract/change-orders';
import { accessibleChangeOrder, changeOrderHeadPreload } from '../change-orders/access';
import { runChangeOrder } from '../change-orders/command';
import { linkedTitles } from '../change-orders/links';
import { itemsShown, shownOf } from '../change-orders/shown';
import { httpHandler } from '../http/handler';
import { idParam } from '../projects/params';
import { sha256 } from '../projects/selection-hash';
import { httpRoutes } from '../routes';

/**
 * The assigned client signs a sent change order (issue 30): the name they typed, their consent,
 * and the hash of the document they read (`documentHash` from GET; a different current one answers
 * 409). The event records them with the browser's user agent and the document itself.
 */
export const handler = httpHandler(httpRoutes.signChangeOrder, { params: idParam, body: signChangeOrderInput, preload: changeOrderHeadPreload }, async ({ principal, caller, params, body, preloaded, event }) => {
  const { summary, view, head } = await accessibleChangeOrder(principal, params.id, preloaded[0]);
  const [{ itemNames }, titles] = await Promise.all([itemsShown(summary.id, view.itemIds), linkedTitles(summary.id, view)]);
  const command = {
    type: 'sign' as const,
    at: new Date().toISOString(),
    fullName: body.fullName,
    consent: body.consent,
    userAgent: event.headers?.['user-agent'] ?? '',
    shown: shownOf(summary.name, itemNames),
    sha256,
    seen: body.documentHash,
  };
  return runChangeOrder(caller, summary, params.id, [command], { view, head, itemNames, titles });
});
