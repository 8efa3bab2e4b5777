import { describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../adapters/bounded-clients';
import { errorReply } from './responses';

describe('a service that does not answer', () => {
  it('answers 503 naming the service, with Retry-After', () => {
    const { reply } = errorReply(new ServiceUnavailableError('ses', new Error('timed out')), 'request-1');
    expect(reply.statusCode).toBe(503);
    expect(reply.body).toEqual({ service: 'mail', message: 'The mail service is not answering right now. Please try again in a few minutes.' });
    expect(reply.headers).toEqual({ 'retry-after': '60' });
  });
});
