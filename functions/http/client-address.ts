import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The caller's address. Behind CloudFront, API Gateway sees CloudFront's address, so a
 * CloudFront Function passes the viewer's as x-viewer-address (infra/constructs/site.ts). A
 * caller going to API Gateway directly could send that header itself: use the address for
 * throttling alongside the per-account limit, never alone.
 */
export function clientAddress(event: APIGatewayProxyEventV2): string {
  return event.headers?.['x-viewer-address'] || event.requestContext.http.sourceIp;
}
