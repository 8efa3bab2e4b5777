import * as z from 'zod';

/** Path parameters: ids are opaque; an unknown one is a 404, not a 400. */
export const idParam = z.object({ id: z.string().min(1, 'id is required').max(100, 'id is too long') });
export const projectIdParam = z.object({ projectId: z.string().min(1, 'projectId is required').max(100, 'projectId is too long') });
