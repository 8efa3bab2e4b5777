import { inject } from 'vitest';

// Test files talk to the same emulators as the handlers: same endpoints, tables and buckets.
Object.assign(process.env, inject('localCloud').env);
