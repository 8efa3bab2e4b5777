import { startTransition, useEffect, useState } from 'react';

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

/**
 * How many of `total` parts to draw: one more per batch of the queue (near the screen), all of
 * them at once when `all` (printing). The checklist's room groups come this way, so the page's
 * first layout is its frame and first group, not all the rooms (issue 16: a phone's blocking time).
 */
export function useQueuedCount(total: number, all: boolean): number {
  const [count, setCount] = useState(1);
  useEffect(() => {
    if (all || count >= total) return;
    return queueBatch(() => setCount((value) => value + 1), true);
  }, [all, count, total]);
  return all ? total : Math.min(count, total);
}
