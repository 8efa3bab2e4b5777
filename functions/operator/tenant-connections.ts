import { closeUserConnections, dropConnection, projectConnections } from '../live/connections';
import { contractorProjects } from '../projects/read';

/**
 * Closes every open WebSocket of a tenant being held (issue 31): its owner's, and every one open
 * on its projects (colleagues' and clients' alike), who would otherwise go on hearing its
 * notices. A reconnect is refused by $connect (functions/handlers/ws-connect.ts).
 */
export async function closeTenantConnections(tenantId: string): Promise<number> {
  const projects = await contractorProjects(tenantId);
  const onProjects = (await Promise.all(projects.map((project) => projectConnections(project.id)))).flat();
  await Promise.all(onProjects.map((connection) => dropConnection(connection.connectionId)));
  return onProjects.length + (await closeUserConnections(tenantId));
}
