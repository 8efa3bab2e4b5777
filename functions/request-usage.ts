import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a request used besides its own time and bytes (issue 31: mails sent, DynamoDB capacity),
 * noted by whatever does it (the SES and DynamoDB clients count their calls) while httpHandler runs the route, and added to the
 * request's tenant's monthly usage when it answers (functions/usage/usage-counters.ts). A root
 * file so the lowest floor (the SDK clients) may note into it. Outside a request (the daily
 * digest) there is no request to note into: nothing is counted.
 */

export interface RequestNotes {
  mailsSent: number;
  /** DynamoDB capacity the request consumed (ReturnConsumedCapacity, which costs nothing): what the cost report prices. */
  dynamoReadUnits: number;
  dynamoWriteUnits: number;
}

const current = new AsyncLocalStorage<RequestNotes>();

/** Runs `work` with fresh notes, and answers both. */
export async function withRequestNotes<T>(work: () => Promise<T>): Promise<{ value: T; notes: RequestNotes }> {
  const notes: RequestNotes = { mailsSent: 0, dynamoReadUnits: 0, dynamoWriteUnits: 0 };
  const value = await current.run(notes, work);
  return { value, notes };
}

/** The notes of the request running now (undefined outside one). */
export const requestNotes = (): RequestNotes | undefined => current.getStore();
