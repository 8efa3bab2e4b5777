import { request } from 'node:http';
import { inject } from 'vitest';

/** A raw GET to the local cloud, or the gateway at `baseUrl` (fetch would decompress by itself and hide what was sent). */
export function rawGet(path: string, headers: Record<string, string> = {}, baseUrl = inject('localCloud').url) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((done, fail) => {
    request(`${baseUrl}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', fail)
      .end();
  });
}
