import { startTransition } from 'react';

/**
 * Draws big checklists a little at a time: each room asks for its next batch of item cards here,
 * and one batch is drawn at a time (as a transition, with a pause between batches), rooms near the
 * screen first. So twelve rooms of 300 items never commit hundreds of cards at once, and typing
 * or ticking a box always comes first.
 */

const PAUSE_MS = 16;

type Task = { run: () => void; cancelled: boolean };
const urgent: Task[] = [];
const later: Task[] = [];
let pumping = false;

function pump() {
  const task = urgent.shift() ?? later.shift();
  if (!task) {
    pumping = false;
    return;
  }
  pumping = true;
  if (task.cancelled) {
    pump();
    return;
  }
  startTransition(task.run);
  setTimeout(pump, PAUSE_MS);
}

/** Queues one batch; the returned function withdraws it (the room went away or no longer needs it). */
export function queueBatch(run: () => void, nearScreen: boolean): () => void {
  const task: Task = { run, cancelled: false };
  (nearScreen ? urgent : later).push(task);
  if (!pumping) setTimeout(pump, 0);
  pumping = true;
  return () => {
    task.cancelled = true;
  };
}
