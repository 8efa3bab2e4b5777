import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { config } from '../config';
import { boundedClient } from './bounded-clients';

/**
 * The API Gateway management client that pushes to WebSocket connections, one per Lambda
 * instance, created on first use (see dynamo.ts); undefined where no endpoint is configured.
 */
let managementClient: ApiGatewayManagementApiClient | undefined;

export const websocketManagement = (): ApiGatewayManagementApiClient | undefined => {
  const endpoint = config().wsManagementEndpoint;
  if (!endpoint) return undefined;
  return (managementClient ??= boundedClient('websocket', (options) => new ApiGatewayManagementApiClient({ ...options, endpoint })));
};
