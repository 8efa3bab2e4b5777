import { describe, expect, it } from 'vitest';
import { budgets, clientOptions, isUnanswered } from './bounded-clients';

describe('bounded clients', () => {
  it('gives every client a connection timeout, a request timeout that throws, and a few attempts', () => {
    for (const service of Object.keys(budgets) as (keyof typeof budgets)[]) {
      const { maxAttempts, requestHandler } = clientOptions(service);
      expect(requestHandler.connectionTimeout).toBeGreaterThan(0);
      expect(requestHandler.requestTimeout).toBeGreaterThan(0);
      expect(requestHandler.throwOnRequestTimeout).toBe(true);
      expect(maxAttempts).toBeGreaterThanOrEqual(1);
      // requestTimeout runs from the start of an attempt (connecting included): all attempts of
      // one call fit under API Gateway's 29 s, with room for the backoff between them.
      expect(requestHandler.connectionTimeout).toBeLessThan(requestHandler.requestTimeout);
      expect(maxAttempts * requestHandler.requestTimeout).toBeLessThanOrEqual(27_000);
    }
    // Share with Client waits for one mail: its answer must come within 10 s.
    expect(budgets.ses.maxAttempts * budgets.ses.requestTimeout).toBeLessThanOrEqual(7000);
  });

  it('counts silence, dead connections and 5xx as a service not answering, and nothing the caller caused', () => {
    expect(isUnanswered(Object.assign(new Error('late'), { name: 'TimeoutError' }))).toBe(true);
    expect(isUnanswered(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isUnanswered({ name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } })).toBe(true);
    expect(isUnanswered({ name: 'ConditionalCheckFailedException', $metadata: { httpStatusCode: 400 } })).toBe(false);
    expect(isUnanswered({ name: 'MessageRejected', $metadata: {} })).toBe(false);
    expect(isUnanswered(Object.assign(new Error('aborted'), { name: 'AbortError' }))).toBe(false);
    expect(isUnanswered(undefined)).toBe(false);
  });

});
