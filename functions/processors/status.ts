import type { Processor } from './processor';
import { listDeadLetters, readCheckpoint, type Checkpoint, type DeadLetter } from './processor-state';

/** Where each processor stands, as `npm run processors -- status` shows it: its checkpoint (none before its first batch) and its dead letters. */
export interface ProcessorStatus {
  readonly processor: string;
  readonly checkpoint: Checkpoint | null;
  readonly deadLetters: readonly DeadLetter[];
}

export async function processorStatus(processors: readonly Processor[]): Promise<ProcessorStatus[]> {
  return Promise.all(
    processors.map(async ({ name }) => {
      const [checkpoint, deadLetters] = await Promise.all([readCheckpoint(name), listDeadLetters(name)]);
      return { processor: name, checkpoint: checkpoint ?? null, deadLetters };
    }),
  );
}
