import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './client';

/** What the API puts in an error body: `{ message, fieldErrors?: { field: [message] } }`. */
interface ErrorBody {
  message?: unknown;
  fieldErrors?: unknown;
}

const bodyOf = (error: unknown): ErrorBody =>
  error instanceof ApiError && typeof error.body === 'object' && error.body !== null ? (error.body as ErrorBody) : {};

/** The server's message when it sent one (spec section 8: "the server's message or this fallback"). */
export function serverMessage(error: unknown, fallback: string): string {
  const { message } = bodyOf(error);
  return typeof message === 'string' && message ? message : fallback;
}

/** Puts the server's per-field messages under the form's fields. */
export function setServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): void {
  const { fieldErrors } = bodyOf(error);
  if (typeof fieldErrors !== 'object' || fieldErrors === null) return;
  for (const field of fields) {
    const messages: unknown = (fieldErrors as Record<string, unknown>)[field];
    const message = Array.isArray(messages) ? messages.find((m): m is string => typeof m === 'string') : undefined;
    if (message) setError(field, { type: 'server', message });
  }
}
