import { describe, expect, it } from 'vitest';
import { readableLogLine } from './log-line';

const at = new Date(2026, 10, 24, 8, 31, 2, 123).toISOString();

describe('readable log line', () => {
  it('shows a request as time, method, path, status, duration, who asked and the function that served it', () => {
    const line = readableLogLine({
      level: 'INFO',
      message: 'request',
      timestamp: at,
      service: 'construction-checklist',
      function_name: 'project-stats',
      function_request_id: 'b2c1',
      requestId: 'b2c1',
      route: 'GET /api/projects/{id}/stats',
      method: 'GET',
      path: '/api/projects/6f1e2d3c/stats',
      status: 200,
      durationMs: 12,
      userId: '1a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d',
      userRole: 'contractor',
    });
    expect(line).toBe('08:31:02.123 GET /api/projects/6f1e2d3c/stats 200 12 ms contractor 1a2b3c4d (project-stats)');
  });

  it('says a request had no signed-in user', () => {
    const line = readableLogLine({ message: 'request', timestamp: at, method: 'POST', path: '/api/auth/login', status: 401, durationMs: 95, function_name: 'auth-login' });
    expect(line).toBe('08:31:02.123 POST /api/auth/login 401 95 ms signed out (auth-login)');
  });

  it('shows another record with its level, message and fields, and an error with its stack below', () => {
    const error = new Error('Email address is not verified.');
    const line = readableLogLine({ level: 'WARN', message: 'invitation mail refused', timestamp: at, function_name: 'project-share', projectId: 'p1', error: { name: 'Error', message: error.message, stack: error.stack } });
    const [first, ...stack] = line.split('\n');
    expect(first).toBe('08:31:02.123 WARN invitation mail refused projectId=p1 (project-share)');
    expect(stack[0]).toBe('  Error: Email address is not verified.');
    expect(stack.length).toBeGreaterThan(1);
  });

  it('colours the status only when asked (a terminal)', () => {
    const record = { message: 'request', timestamp: at, method: 'GET', path: '/api/health', status: 503, durationMs: 4 };
    expect(readableLogLine(record)).not.toContain('\u001b[');
    expect(readableLogLine(record, { colour: true })).toContain('\u001b[31m503');
  });
});
