import pMap from 'p-map';
import { closeUserConnections, dropConnection, projectConnections } from '../live/connections';
import { contractorProjects } from '../projects/read';

/** Projects (a query each) and connections (a delete and a post each) handled at once: a tenant may have a thousand of either (see tenant-costs.ts). */
const IN_FLIGHT = 8;

/**
 * Closes every open WebSocket of a tenant being held (issue 31): its owner's, and every one open
 * on its projects (colleagues' and clients' alike), who would otherwise go on hearing its
 * notices. A reconnect is refused by $connect (functions/handlers/ws-connect.ts).
 */
export async function closeTenantConnections(tenantId: string): Promise<number> {
  const projects = await contractorProjects(tenantId);
  const onProjects = (await pMap(projects, (project) => projectConnections(project.id), { concurrency: IN_FLIGHT })).flat();
  await pMap(onProjects, (connection) => dropConnection(connection.connectionId), { concurrency: IN_FLIGHT });
  return onProjects.length + (await closeUserConnections(tenantId));
}
