import { DomainError, type DomainErrorKind } from '../../events/errors';

/** The DomainError that `act` throws; any other error is thrown on, and nothing thrown fails the test. */
export function errorOf(act: () => unknown): DomainError {
  try {
    act();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError, but nothing was thrown');
}

/** The kind of the DomainError that `act` throws. */
export const kindOf = (act: () => unknown): DomainErrorKind => errorOf(act).kind;
