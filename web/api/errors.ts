import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './client';
import { PROJECT_PAUSED_MESSAGE, TENANT_SUSPENDED_MESSAGE } from '../../events/tenants/messages';

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

/** A 403 of a suspended tenant's contractor (issue 31): every route answers it until the service resumes the company. */
export const isTenantSuspended = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && bodyOf(error).message === TENANT_SUSPENDED_MESSAGE;

/** A 403 of a client on a project whose contractor's company the service holds (issue 31). */
export const isProjectPaused = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && bodyOf(error).message === PROJECT_PAUSED_MESSAGE;
