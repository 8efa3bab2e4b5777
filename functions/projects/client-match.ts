import { findUserByEmail } from '../auth/users';
import { projectDecider } from '../../events/projects/project';
import { systemActor } from '../commands/caller';
import { inProject, runCommands } from '../commands/run-commands';
import { projectViews } from '../projections/project-views';
import { getSummary, projectsAwaitingClient } from './read';

/**
 * A project belongs to the client whose account has proved it reads the project's client e-mail
 * (any case), whichever comes first: the project names the e-mail of a verified client, or the
 * client verifies the e-mail of waiting projects. An unproved account gets nothing.
 */

export async function clientIdForEmail(email: string | null): Promise<string | null> {
  if (!email) return null;
  const user = await findUserByEmail(email);
  return user?.role === 'client' && user.isEmailVerified ? user.id : null;
}

/** Assigns the projects waiting for this e-mail to the client who just proved it. */
export async function assignWaitingProjects(client: { id: string; email: string }): Promise<void> {
  for (const project of await projectsAwaitingClient(client.email)) {
    const target = inProject({ projectId: project.id, tenantId: project.contractorId });
    await runCommands(projectDecider, target, [{ type: 'assignClient', clientId: client.id }], { by: systemActor, projection: projectViews });
  }
}

/** Records on the project that its invitation brought the client in (only if the project is theirs now). */
export async function acceptInvitation(projectId: string, clientId: string): Promise<void> {
  const summary = await getSummary(projectId);
  if (!summary || summary.clientId !== clientId) return;
  await runCommands(projectDecider, inProject({ projectId, tenantId: summary.contractorId }), [{ type: 'acceptInvitation', clientId }], { by: systemActor, projection: projectViews });
}
