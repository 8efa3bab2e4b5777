/**
 * Domain errors. They say what went wrong in the domain's words; `functions/http` maps each kind
 * to an HTTP status, so the domain never speaks HTTP.
 */

export type DomainErrorKind =
  | 'invalid' // 400
  | 'unauthenticated' // 401
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'conflict' // 409
  | 'too_large' // 413
  | 'unprocessable' // 422
  | 'rate_limited'; // 429

export class DomainError extends Error {
  /**
   * The version of the stream the refusal was decided at, set by the command runner: a refusal
   * that answers with the aggregate as it is (an edit conflict) names its version too.
   */
  streamVersion?: number;

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Per-field messages, for `invalid`. */
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (field: string, message: string) =>
  new DomainError('invalid', `${field}: ${message}`, { [field]: [message] });
export const notFound = (what: string) => new DomainError('not_found', `${what} not found`);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const unauthenticated = (message = 'Not authenticated') =>
  new DomainError('unauthenticated', message);
export const conflict = (message: string) => new DomainError('conflict', message);
