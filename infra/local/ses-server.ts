import sesLocal from 'aws-ses-v2-local';
import type { Server } from 'node:http';

/**
 * The SES emulator: accepts SES v1 and v2 sends and keeps the mail, readable at GET /store and
 * viewable in a browser at its root.
 */

// A CommonJS module whose default export arrives wrapped once more under ESM interop.
const startServer = ((sesLocal as unknown as { default?: typeof sesLocal }).default ?? sesLocal) as typeof sesLocal;

export async function startSes(options: { port: number }) {
  const server: Server = await startServer({ host: '127.0.0.1', port: options.port });
  return {
    endpoint: `http://127.0.0.1:${options.port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
