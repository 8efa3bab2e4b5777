import { deleteUserTokens } from '../accounts/mailed-tokens';
import { accountDecider } from '../../events/accounts/account';
import { accountOf, inProject, runCommands } from '../commands/run-commands';
import { accountActor } from '../accounts/sign-in';
import { accountDeletionWrites, accountPreload, preloadedAccount } from '../accounts/users';
import { revokeUserSessions } from '../auth/sessions';
import { clearedSessionCookie } from '../auth/session-token';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { projectDecider } from '../../events/projects/project';
import { projectViews } from '../projections/project-views';
import { systemActor } from '../commands/caller';
import { clientProjects, contractorProjects } from '../projects/read';
import { httpRoutes } from '../routes';

/**
 * Deletes the account: a contractor's projects go with it, a client's projects lose their client
 * (spec section 3); then the user record and e-mail guard (with the AccountDeleted event), every
 * session and reset token. The e-mail can then be registered again.
 */
export const handler = httpHandler(httpRoutes.deleteAccount, { preload: accountPreload }, async ({ principal, requestId, preloaded }) => {
  const { user, head } = preloadedAccount(preloaded);
  const caller = { principal, requestId };
  if (user.role === 'contractor') {
    for (const project of await contractorProjects(user.id)) {
      await runCommands(projectDecider, inProject({ projectId: project.id, tenantId: user.id }), [{ type: 'delete' }], { by: caller, projection: projectViews });
    }
  } else {
    for (const project of await clientProjects(user.id)) {
      const target = inProject({ projectId: project.id, tenantId: project.contractorId });
      await runCommands(projectDecider, target, [{ type: 'assignClient', clientId: null }], { by: systemActor, projection: projectViews });
    }
  }
  await runCommands(accountDecider, accountOf(user.id), [{ type: 'record', event: { type: 'AccountDeleted', data: { userId: user.id, email: user.email } } }], {
    by: accountActor(user, requestId),
    writes: accountDeletionWrites(user),
    head,
  });
  await Promise.all([revokeUserSessions(user.id), deleteUserTokens(user.id)]);
  return reply(200, { message: 'Account deleted' }, { cookies: [clearedSessionCookie()] });
});
