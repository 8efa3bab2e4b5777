import { probeServices } from '../adapters/health-probes';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { httpRoutes } from '../routes';

/** Is every service the app depends on reachable from here? 200 when all are up, 503 otherwise. */
export const handler = httpHandler(httpRoutes.health, {}, async () => {
  const services = await probeServices();
  const allUp = Object.values(services).every((service) => service.status === 'up');
  return reply(allUp ? 200 : 503, { status: allUp ? 'ok' : 'degraded', services });
});
