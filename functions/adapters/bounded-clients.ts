/**
 * How long the app waits for each service it calls, in one place: every SDK client gets a
 * connection timeout, a request timeout and a bounded number of attempts from here, so a service
 * that stops answering costs a request a few seconds, never the Lambda's whole run (API Gateway
 * gives up at 29 s while the function would keep going). When a service stays silent or
 * unreachable through its attempts, the call fails with ServiceUnavailableError, which
 * functions/http answers as 503 naming the service.
 */

export type Service = 'dynamodb' | 's3' | 'ses' | 'kms' | 'secrets' | 'websocket';

interface Budget {
  /** Milliseconds to open a connection. */
  readonly connectionTimeout: number;
  /** Milliseconds for a whole attempt, from its start (connecting included) to the answer's headers. */
  readonly requestTimeout: number;
  /** Attempts in all (the SDK retries timeouts and 5xx with backoff in between). */
  readonly maxAttempts: number;
}

export const budgets: Record<Service, Budget> = {
  // The database is on every request's path and stalls briefly now and then: a request waits out
  // a stall of several seconds (a write that timed out may still land, so waiting beats retrying).
  dynamodb: { connectionTimeout: 3000, requestTimeout: 9000, maxAttempts: 3 },
  s3: { connectionTimeout: 1000, requestTimeout: 5000, maxAttempts: 3 },
  // Share with Client waits for the mail: two attempts of 3 s keep its answer under 10 s.
  ses: { connectionTimeout: 1000, requestTimeout: 3000, maxAttempts: 2 },
  kms: { connectionTimeout: 1000, requestTimeout: 3000, maxAttempts: 3 },
  secrets: { connectionTimeout: 1000, requestTimeout: 3000, maxAttempts: 3 },
  // A push to one browser: a slow one must not hold up the others.
  websocket: { connectionTimeout: 1000, requestTimeout: 2000, maxAttempts: 2 },
};

/**
 * Calls to one service (the database, storage) a task keeps in flight when it fans out over many
 * keys, projects or tenants: enough to hide a round trip's latency, few enough not to throttle a
 * table. Never one per item of a list that grows: the SDK has 50 sockets, a call waiting for one
 * passes its connection timeout while it waits, and those retries spend the client's retry quota,
 * after which a slow answer is a 503 (the cost report, issue 32, over the suite's thousands of
 * tenants).
 */
export const CALLS_IN_FLIGHT = 8;

/** How people are told which service is not answering, and the word a 503 names it by. */
const services: Record<Service, { readonly name: string; readonly label: string }> = {
  dynamodb: { name: 'database', label: 'database' },
  s3: { name: 'file storage', label: 'storage' },
  ses: { name: 'mail service', label: 'mail' },
  kms: { name: 'signing service', label: 'signing' },
  secrets: { name: 'secrets service', label: 'secrets' },
  websocket: { name: 'live updates service', label: 'live-updates' },
};

/** A service did not answer (timed out, refused the connection, or kept failing with 5xx). */
export class ServiceUnavailableError extends Error {
  /** A stable word for the service, for clients to read (`mail`, `database` …). */
  readonly label: string;

  constructor(
    readonly service: Service,
    cause: unknown,
  ) {
    super(`The ${services[service].name} is not answering right now. Please try again in a few minutes.`, { cause });
    this.name = 'ServiceUnavailableError';
    this.label = services[service].label;
  }
}

/** The client options for `service`: pass them to the SDK client's constructor. */
export function clientOptions(service: Service) {
  const { connectionTimeout, requestTimeout, maxAttempts } = budgets[service];
  // throwOnRequestTimeout: without it the SDK only logs a warning when requestTimeout passes.
  // socketTimeout: requestTimeout ends with the answer's headers; this bounds a body that stalls.
  return { maxAttempts, requestHandler: { connectionTimeout, requestTimeout, throwOnRequestTimeout: true, socketTimeout: requestTimeout } };
}

/**
 * A client made with `clientOptions(service)`, whose calls fail with ServiceUnavailableError once
 * the service has not answered through all attempts. Other errors (a refused condition, a 404)
 * pass as they are.
 *
 * @example
 * export const ses = () => (client ??= boundedClient('ses', (options) => new SESv2Client(options)));
 */
/** The part of an SDK client this module touches. */
interface WithMiddleware {
  readonly middlewareStack: { add(middleware: (next: (args: any) => Promise<any>) => (args: any) => Promise<any>, options: object): void };
}

export function boundedClient<C extends WithMiddleware>(
  service: Service,
  make: (options: ReturnType<typeof clientOptions>) => C,
): C {
  const client = make(clientOptions(service));
  // At `initialize`, outside the retry middleware: sees the error of the last attempt only.
  client.middlewareStack.add(
    (next) => async (args: unknown) => {
      try {
        return await next(args);
      } catch (error) {
        throw isUnanswered(error) ? new ServiceUnavailableError(service, error) : error;
      }
    },
    { step: 'initialize', name: 'serviceUnavailableMiddleware', priority: 'high' },
  );
  return client;
}

const NETWORK_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** Silence, a dead connection, or the service's own 5xx: not the caller's fault, and not ours. */
export function isUnanswered(error: unknown): boolean {
  const { name, code, $metadata } = (error ?? {}) as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  if (name === 'TimeoutError' || (code !== undefined && NETWORK_ERROR_CODES.has(code))) return true;
  return ($metadata?.httpStatusCode ?? 0) >= 500;
}
