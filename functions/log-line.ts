import { styleText } from 'node:util';

/**
 * One log record as a developer reads it in a terminal (the local cloud's console), instead of
 * the JSON that CloudWatch indexes. A request reads as
 *
 *   08:31:02.123 GET /api/projects/6f1e…/stats 200 12 ms contractor 1a2b3c4d (project-stats)
 *
 * (time, method, path, status, duration, who asked, the function that served it); any other
 * record as time, level, message, its own fields as key=value, and an error's stack below.
 */

/** The attributes Powertools' formatter produced for one record (see functions/http/handler.ts for a request's). */
export type LogAttributes = Record<string, unknown>;

/** Fields shown in a line's own places, or noise in a terminal (the rest follow as key=value). */
const SHOWN_ELSEWHERE = new Set([
  'level', 'message', 'timestamp', 'service', 'function_name', 'cold_start', 'function_arn', 'function_memory_size',
  'function_request_id', 'sampling_rate', 'xray_trace_id', 'tenant_id', 'error',
]);

export function readableLogLine(attributes: LogAttributes, options: { colour?: boolean } = {}): string {
  const paint = (style: Parameters<typeof styleText>[0], text: string) => (options.colour ? styleText(style, text, { validateStream: false }) : text);
  const time = timeOf(attributes.timestamp);
  const served = typeof attributes.function_name === 'string' ? paint('dim', `(${attributes.function_name})`) : '';

  if (attributes.message === 'request' && typeof attributes.status === 'number') {
    const status = attributes.status;
    const statusText = paint(status >= 500 ? 'red' : status >= 400 ? 'yellow' : 'green', String(status));
    const user = typeof attributes.userId === 'string' ? `${attributes.userRole ?? 'user'} ${attributes.userId.slice(0, 8)}` : 'signed out';
    const method = String(attributes.method ?? String(attributes.route ?? '').split(' ')[0] ?? '');
    const path = String(attributes.path ?? String(attributes.route ?? '').split(' ')[1] ?? '');
    return [paint('dim', time), method, path, statusText, `${attributes.durationMs ?? '?'} ms`, user, served].filter(Boolean).join(' ');
  }

  const level = String(attributes.level ?? 'INFO');
  const levelText = paint(level === 'ERROR' || level === 'CRITICAL' ? 'red' : level === 'WARN' ? 'yellow' : 'cyan', level);
  const fields = Object.entries(attributes)
    .filter(([key, value]) => !SHOWN_ELSEWHERE.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const line = [paint('dim', time), levelText, String(attributes.message ?? ''), ...fields, served].filter(Boolean).join(' ');
  const error = attributes.error as { message?: string; stack?: string } | undefined;
  if (!error) return line;
  return `${line}\n  ${(error.stack ?? error.message ?? JSON.stringify(error)).split('\n').join('\n  ')}`;
}

/** Local time of day with milliseconds: enough to follow one session's requests. */
function timeOf(timestamp: unknown): string {
  const date = typeof timestamp === 'string' ? new Date(timestamp) : new Date();
  if (Number.isNaN(date.getTime())) return String(timestamp);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}
