import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { config } from '../config';

/** Set by CloudFront's `/api/*` origin (infra/constructs/site.ts) to the secret `ORIGIN_SECRET`. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** The answer, in AWS, to a request without that header: it went to execute-api around CloudFront and its WAF. */
export const DIRECT_CALL_REFUSED = "Call the API through the app's own address";
/** Set by a CloudFront Function to the viewer's address (infra/constructs/site.ts). */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

/**
 * The caller's address, for per-address sign-in throttling; one the caller cannot forge.
 * Behind CloudFront, API Gateway's `sourceIp` is CloudFront's own address, so CloudFront passes
 * the viewer's as x-viewer-address, and with it the secret x-origin-verify header that only
 * CloudFront and the Lambdas know. x-viewer-address counts only beside that secret; anyone else
 * (a caller going to API Gateway directly, sending the header themselves) gets their connection's
 * address. The local gateway drops client-sent x-viewer-address / x-forwarded-for and sets
 * `sourceIp` from the socket.
 */
export function clientAddress(event: APIGatewayProxyEventV2): string {
  const viewer = event.headers?.[VIEWER_ADDRESS_HEADER];
  if (viewer && cameThroughCloudFront(event)) return viewer;
  return event.requestContext.http.sourceIp;
}

/** Does the request carry the secret header only CloudFront adds (and so passed its WAF)? False wherever no secret is configured. */
export function cameThroughCloudFront(event: Pick<APIGatewayProxyEventV2, 'headers'>): boolean {
  const secret = config().originSecret;
  const sent = event.headers?.[ORIGIN_VERIFY_HEADER];
  if (!secret || !sent) return false;
  const [a, b] = [Buffer.from(sent), Buffer.from(secret)];
  return a.length === b.length && timingSafeEqual(a, b);
}
