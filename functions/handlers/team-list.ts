import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';
import { teamOf } from '../team/team-read';

/** The caller's company's team (issue 31): its accounts and pending invitations. A Lambda of its own: a read, with a read-only role. */
export const handler = httpHandler(httpRoutes.getTeam, {}, async ({ principal }) => teamOf(principal));
