import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';

// No `new Function` probe: the Content-Security-Policy allows no eval, and zod works without it.
// Set here, where every form of the app gets its rules from, rather than in the entry: then zod
// comes with the first form, not in the main bundle (issue 16: the checklist draws without it).
z.config({ jitless: true });

/** A form's validation by its zod schema (the same rules the API applies). */
export const formResolver = zodResolver;
