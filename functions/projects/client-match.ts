import { findUserByEmail } from '../accounts/users';
import { runProjectCommands, systemActor } from './commands';
import { projectsAwaitingClient } from './read';

/**
 * A project belongs to the client whose account e-mail is the project's client e-mail (any case),
 * whichever comes first: the project names the e-mail of an existing client, or the client signs
 * up with the e-mail of waiting projects.
 */

export async function clientIdForEmail(email: string | null): Promise<string | null> {
  if (!email) return null;
  const user = await findUserByEmail(email);
  return user?.role === 'client' ? user.id : null;
}

/** Assigns the projects waiting for this e-mail to the client who just signed up with it. */
export async function assignWaitingProjects(client: { id: string; email: string }): Promise<void> {
  for (const project of await projectsAwaitingClient(client.email)) {
    await runProjectCommands(systemActor, { projectId: project.id, tenantId: project.contractorId }, [{ type: 'assignClient', clientId: client.id }], () => undefined);
  }
}
