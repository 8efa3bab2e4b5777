import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { teamInviteInput, teamJoinInput } from '../../contract/team';
import { httpHandler } from '../http/handler';
import { idParam } from '../projects/params';
import { httpRoutes } from '../routes';
import { inviteColleague, joinTeam } from '../team/invitations';
import { removeColleague } from '../team/members';

/**
 * The team's three changes in one Lambda (issue 31), each its own httpHandler, picked by the
 * request's route key (`POST /api/team/invitations`): the stack is close to CloudFormation's 500
 * resources, and a Lambda per route costs about seven. (The team's read has its own, read-only.)
 */
const routes = [
  httpHandler(httpRoutes.inviteColleague, { body: teamInviteInput, created: true }, async ({ body, caller }) => inviteColleague(caller, body.email)),
  httpHandler(httpRoutes.removeColleague, { params: idParam }, async ({ params, caller }) => {
    await removeColleague(caller, params.id);
    return { message: 'Removed from the team' };
  }),
  httpHandler(httpRoutes.joinTeam, { body: teamJoinInput }, async ({ body, principal, caller }) => joinTeam(principal, caller.requestId, body.token)),
] as const;

const byRouteKey = new Map<string, (typeof routes)[number]>(
  [httpRoutes.inviteColleague, httpRoutes.removeColleague, httpRoutes.joinTeam].map((route, at) => [`${route.method} ${route.path}`, routes[at]!] as const),
);

export const handler = (event: APIGatewayProxyEventV2, context: Context) => {
  const route = byRouteKey.get(event.routeKey);
  if (!route) throw new Error(`team-changes serves no route ${event.routeKey}`);
  return route(event, context);
};
