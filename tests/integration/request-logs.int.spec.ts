import { afterEach, describe, expect, it, vi } from 'vitest';
import { handlerName, httpRoutes, type HttpRoute } from '../../functions/routes';
import { LOG_FORMAT_ENV } from '../../functions/logger';
import { buildHttpEvent } from '../../infra/local/gateway/http-api';
import { invoke } from '../../infra/local/gateway/lambda';

/**
 * The request log lines of the local cloud, where every function runs in one process: each line
 * names the function that served the request (function_name), also when requests of several
 * functions are in flight at once, and reads as one readable line unless LOG_FORMAT=json.
 * Handlers are invoked here the way the local gateway invokes them, against the run's emulators.
 */

// Request lines are INFO; the test run's level is WARN. Set before the logger is made (each invocation starts from it).
vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
});

const routes: HttpRoute[] = [httpRoutes.health, httpRoutes.me, httpRoutes.login, httpRoutes.listProjects, httpRoutes.listClientProjects, httpRoutes.register];

const eventFor = (route: HttpRoute) =>
  buildHttpEvent(
    {
      method: route.method,
      url: route.path,
      headers: { 'content-type': 'application/json' },
      body: route.method === 'POST' ? Buffer.from(JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' })) : undefined,
    },
    route,
    {},
  );

/** Runs `run` and answers what it printed to stdout (JSON records) or through console.log (readable lines). */
async function printed(run: () => Promise<unknown>) {
  const lines: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
  const log = vi.spyOn(console, 'log').mockImplementation((line) => void lines.push(String(line)));
  try {
    await run();
  } finally {
    write.mockRestore();
    log.mockRestore();
  }
  return lines.flatMap((chunk) => chunk.split('\n')).filter(Boolean);
}

afterEach(() => {
  delete process.env[LOG_FORMAT_ENV];
});

describe('request log lines on the local cloud', () => {
  it('name the function that served each request, with several functions answering at once (LOG_FORMAT=json)', async () => {
    process.env[LOG_FORMAT_ENV] = 'json';
    const lines = await printed(() => Promise.all([...routes, ...routes, ...routes].map((route) => invoke(route.handler, eventFor(route)))));
    const requests = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((record) => record.message === 'request');
    expect(requests, lines.join("\n")).toHaveLength(routes.length * 3);
    const handlerOf = new Map(routes.map((route) => [`${route.method} ${route.path}`, handlerName(route.handler)]));
    // Each record's own route against the function its line names.
    expect(requests.map((record) => [record.route, record.function_name])).toEqual(requests.map((record) => [record.route, handlerOf.get(record.route as string)]));
  });

  it('print one readable line per request: time, method, path, status, duration, user, function', async () => {
    const lines = await printed(() => Promise.all([invoke(httpRoutes.health.handler, eventFor(httpRoutes.health)), invoke(httpRoutes.me.handler, eventFor(httpRoutes.me))]));
    expect(lines, lines.join("\n")).toHaveLength(2);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} GET \/api\/health 200 \d+ ms signed out \(health\)$/),
        expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} GET \/api\/auth\/me 401 \d+ ms signed out \(auth-me\)$/),
      ]),
    );
  });
});
