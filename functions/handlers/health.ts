import { probeServices } from '../adapters/health-probes';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { logger } from '../logger';
import { httpRoutes } from '../routes';

/**
 * Is every service the app depends on reachable from here? 200 when all are up, 503 otherwise.
 * The public answer is up or down per service; errors and latencies (which name endpoints,
 * tables and buckets) go to the log only (a warning when a service is down), under the request id
 * the answer carries.
 */
export const handler = httpHandler(httpRoutes.health, {}, async ({ requestId }) => {
  const services = await probeServices();
  const allUp = Object.values(services).every((service) => service.status === 'up');
  // A healthy probe's latencies are for debugging only (a load balancer may ask every few seconds).
  (allUp ? logger.debug : logger.warn).call(logger, 'health', { requestId, services });
  return reply(allUp ? 200 : 503, {
    status: allUp ? 'ok' : 'degraded',
    services: Object.fromEntries(Object.entries(services).map(([name, service]) => [name, service.status])),
  });
});
