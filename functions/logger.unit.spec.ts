import { afterEach, describe, expect, it, vi } from 'vitest';
import { envNames } from './config';
import { LOG_FORMAT_ENV, logger } from './logger';

/** What one record prints, through either of the logger's outputs (its own stdout console for JSON, console.log for readable lines). */
function setEnv(env: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

function printed(env: Record<string, string | undefined>): string {
  setEnv(env);
  const lines: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
  const log = vi.spyOn(console, 'log').mockImplementation((line) => void lines.push(String(line)));
  try {
    logger.setLogLevel('INFO');
    logger.info('request', { method: 'GET', path: '/api/health', route: 'GET /api/health', status: 200, durationMs: 3 });
  } finally {
    write.mockRestore();
    log.mockRestore();
  }
  return lines.join('').trim();
}

const saved = { mode: process.env[envNames.mode], format: process.env[LOG_FORMAT_ENV] };
afterEach(() => setEnv({ [envNames.mode]: saved.mode, [LOG_FORMAT_ENV]: saved.format }));

describe('log format', () => {
  it('is JSON in AWS, whatever LOG_FORMAT says', () => {
    expect(JSON.parse(printed({ [envNames.mode]: undefined, [LOG_FORMAT_ENV]: undefined }))).toMatchObject({ message: 'request', status: 200, path: '/api/health' });
    expect(JSON.parse(printed({ [envNames.mode]: 'aws', [LOG_FORMAT_ENV]: 'readable' }))).toMatchObject({ message: 'request' });
  });

  it('is one readable line on the local cloud, and JSON there with LOG_FORMAT=json', () => {
    expect(printed({ [envNames.mode]: 'local', [LOG_FORMAT_ENV]: undefined })).toMatch(/^\d\d:\d\d:\d\d\.\d{3} GET \/api\/health 200 3 ms signed out$/);
    expect(JSON.parse(printed({ [envNames.mode]: 'local', [LOG_FORMAT_ENV]: 'json' }))).toMatchObject({ message: 'request', durationMs: 3 });
  });
});
