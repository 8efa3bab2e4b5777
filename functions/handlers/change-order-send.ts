import { decideChangeOrder, NO_CLIENT } from '../../events/change-orders/change-order';
import { conflict, DomainError } from '../../events/errors';
import { displayName } from '../accounts/sign-in';
import { ServiceUnavailableError } from '../adapters/bounded-clients';
import type { UserRecord } from '../auth/users';
import { accessibleChangeOrder, changeOrderHeadPreload } from '../change-orders/access';
import { changeOrderLink, sendChangeOrderMail } from '../change-orders/change-order-mail';
import { runChangeOrder } from '../change-orders/command';
import { linkedTitles } from '../change-orders/links';
import { itemsShown } from '../change-orders/shown';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { logger } from '../logger';
import { idParam } from '../projects/params';
import { stateKeys } from '../store/keys';
import { getStateItems } from '../store/view-table';
import { httpRoutes } from '../routes';

/**
 * The contractor sends a change order (issue 30) to the project's assigned client: 409 when the
 * project has none. The mail goes first and the ChangeOrderSent event only once SES took it (as
 * Share with Client does), so the history never claims a change order was sent that was not;
 * the command is checked before mailing, so a refused one mails nobody.
 */
export const handler = httpHandler(
  httpRoutes.sendChangeOrder,
  { params: idParam, preload: (params, _body, { userId }) => [...changeOrderHeadPreload(params), stateKeys.user(userId)] },
  async ({ principal, caller, params, preloaded, requestId }) => {
    const { summary, view, head, state } = await accessibleChangeOrder(principal, params.id, preloaded[0]);
    const sender = preloaded[1] as UserRecord | undefined;
    const [client] = summary.clientId ? await getStateItems<[UserRecord]>([stateKeys.user(summary.clientId)]) : [undefined];
    if (!client) throw conflict(NO_CLIENT);
    const command = { type: 'send' as const, at: new Date().toISOString(), clientId: summary.clientId };
    // Refused (already signed…) before anything is mailed; the run below decides again on the state then.
    if (state) decideChangeOrder(command, state, { userId: principal.userId, role: principal.role });
    const [{ itemNames }, titles] = await Promise.all([itemsShown(summary.id, view.itemIds), linkedTitles(summary.id, view)]);
    try {
      await sendChangeOrderMail({
        to: { email: client.email, firstName: client.firstName },
        from: sender ? displayName(sender) : 'Your contractor',
        projectName: summary.name,
        title: view.title,
        priceChangeCents: view.priceChangeCents,
        scheduleDays: view.scheduleDays,
        link: changeOrderLink(view.id),
      });
    } catch (error) {
      if (error instanceof ServiceUnavailableError || error instanceof DomainError) throw error;
      logger.warn('change order mail refused', { requestId, projectId: summary.id, error: error as Error });
      return reply(502, { message: 'The e-mail service refused the message. Please try again.' });
    }
    return runChangeOrder(caller, summary, params.id, [command], { view, head, itemNames, titles });
  },
);
