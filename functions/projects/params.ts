import * as z from 'zod/mini';
import { ulid, uuid } from '../../events/ids';

/**
 * Path parameters, of the one shape each kind of id has (events/ids.ts): a malformed id is a 400
 * naming it; a well-formed id the caller may not see (unknown, or another tenant's) is a 404.
 */
export const idParam = z.object({ id: uuid('id') });
export const projectIdParam = z.object({ projectId: uuid('projectId') });
export const messageIdParam = z.object({ messageId: ulid('messageId') });
