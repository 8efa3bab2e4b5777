import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { DomainError } from '../../events/errors';
import { config } from '../config';
import { cameThroughCloudFront, DIRECT_CALL_REFUSED } from '../http/client-address';
import { openConnection } from '../live/open-connection';
import { getSummary, isMember } from '../projects/read';
import { refreshViewGeneration } from '../store/view-generation';
import { contractorRefusal, refuseClientOfTenant } from '../tenants/tenant-access';

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string | undefined>;
  headers?: Record<string, string | undefined>;
};

const refuse = (statusCode: number, message: string): APIGatewayProxyResultV2 => ({ statusCode, body: JSON.stringify({ message }) });

/** $connect on /ws?projectId=…: only the project's contractor or assigned client, from the app's own pages (see openConnection). */
export async function handler(event: ConnectEvent): Promise<APIGatewayProxyResultV2> {
  // As for HTTP (functions/http/handler.ts): in AWS a handshake without CloudFront's secret header went around its WAF.
  const headers = Object.fromEntries(Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  if (config().originSecret && !cameThroughCloudFront({ headers })) return refuse(403, DIRECT_CALL_REFUSED);
  // A suspended tenant's contractors, and its projects' clients, are refused with what the HTTP routes say (issue 31).
  const { refused } = await openConnection({
    connectionId: event.requestContext.connectionId,
    origin: event.headers?.origin ?? event.headers?.Origin,
    host: event.headers?.host ?? event.headers?.Host,
    cookie: event.headers?.cookie ?? event.headers?.Cookie,
    projectId: event.queryStringParameters?.projectId,
  }, async (projectId, principal) => {
    const held = contractorRefusal(principal);
    if (held) throw held;
    // The live generation of the read models (issue 31): a Lambda idle since before a switch reads the new one.
    await refreshViewGeneration();
    const project = await getSummary(projectId);
    if (!project || !isMember(project, principal)) return false;
    if (principal.role === 'client') await refuseClientOfTenant(project.contractorId);
    return true;
  }).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === 'forbidden') return { refused: { statusCode: 403 as const, message: error.message } };
    throw error;
  });
  return refused ? refuse(refused.statusCode, refused.message) : { statusCode: 200 };
}
