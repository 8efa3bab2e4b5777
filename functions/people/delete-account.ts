import { accountDecider } from '../../events/accounts/account';
import { projectDecider } from '../../events/projects/project';
import { accountActor } from '../accounts/sign-in';
import { accountDeletionWrites, type UserRecord } from '../auth/users';
import { systemActor } from '../commands/caller';
import { accountOf, inProject, runCommands } from '../commands/run-commands';
import { projectViews } from '../projections/project-views';
import { clientProjects, contractorProjects } from '../projects/read';
import type { StreamHead } from '../store/event-store';
import { forgetCompany, leaveTeamBeforeDeletion } from '../team/members';
import { erasePerson, type Erasure } from './erase-person';
import { projectsOfPersonIndexed } from './person-projects';

/**
 * Deletes an account (the Delete Account flow, and `npm run person:erase` when the account is still
 * there): a contractor's projects go with it, a client's projects lose their client (spec section
 * 3); then the user record and e-mail guard (with the AccountDeleted event). Last, the person is
 * erased: their name, e-mail and phone inside the record of those projects (and of the projects they
 * left) read 'Deleted user' from then on, the projects' views are rebuilt, and their photos no item
 * shows any more are deleted. The e-mail can then be registered again.
 */
export async function deleteAccount(user: UserRecord, requestId: string, head?: StreamHead): Promise<Erasure> {
  const by = accountActor(user, requestId);
  // Issue 31: a colleague leaves their company's team first; an owner with colleagues is refused.
  const companyId = (user as { tenantId?: string }).tenantId;
  if (user.role === 'contractor') await leaveTeamBeforeDeletion(user, requestId);
  const projects = user.role === 'contractor' ? await contractorProjects(user.id) : await clientProjects(user.id);
  for (const project of projects) {
    if (user.role === 'contractor') {
      await runCommands(projectDecider, inProject({ projectId: project.id, tenantId: user.id }), [{ type: 'delete' }], { by, projection: projectViews });
    } else {
      const target = inProject({ projectId: project.id, tenantId: project.contractorId });
      await runCommands(projectDecider, target, [{ type: 'assignClient', clientId: null }], { by: systemActor, projection: projectViews });
    }
  }
  await runCommands(accountDecider, accountOf(user.id), [{ type: 'record', event: { type: 'AccountDeleted', data: { userId: user.id, email: user.email } } }], {
    by,
    writes: accountDeletionWrites(user),
    ...(head ? { head } : {}),
  });
  // An owner's company ends with their account (a colleague's was left above).
  if (user.role === 'contractor' && !companyId) await forgetCompany(user.id);
  // A contractor's projects are gone with the account, so are the client details kept in them; a
  // client's details on their projects are theirs. Projects they left (reassigned to another
  // client) still show their name on what they did there: those views are rebuilt too. The client
  // details kept on such a project are its current client's now (one key per project), so they stay.
  const projectIds = projects.map((project) => project.id);
  const appearances = await projectsOfPersonIndexed(user.id);
  // A colleague's name is on what they did in their company's projects (issue 31): those views are rebuilt too (their client details stay).
  const company = user.role === 'contractor' && companyId ? (await contractorProjects(companyId)).map((project) => project.id) : [];
  return erasePerson({ userId: user.id, email: user.email, projectIds: [...new Set([...projectIds, ...appearances.projectIds, ...company])], clientOf: projectIds, publishedPhotos: appearances.publishedPhotos });
}
