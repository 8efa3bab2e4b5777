import pMap from 'p-map';
import { closeUserConnections, dropConnection, projectConnections } from '../live/connections';
import { contractorProjects } from '../projects/read';
import { CALLS_IN_FLIGHT } from '../adapters/bounded-clients';

/**
 * Closes every open WebSocket of a tenant being held (issue 31): its owner's, and every one open
 * on its projects (colleagues' and clients' alike), who would otherwise go on hearing its
 * notices. A reconnect is refused by $connect (functions/handlers/ws-connect.ts).
 */
export async function closeTenantConnections(tenantId: string): Promise<number> {
  const projects = await contractorProjects(tenantId);
  const onProjects = (await pMap(projects, (project) => projectConnections(project.id), { concurrency: CALLS_IN_FLIGHT })).flat();
  await pMap(onProjects, (connection) => dropConnection(connection.connectionId), { concurrency: CALLS_IN_FLIGHT });
  return onProjects.length + (await closeUserConnections(tenantId));
}
