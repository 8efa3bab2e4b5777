import { startTransition, useEffect, useState } from 'react';

/**
 * Runs `then` once the screen has been painted with what was just committed; answers a cancel.
 * The frame callback runs just before the paint (after any long task that held the frame); a task
 * queued from it runs after the paint.
 */
export function afterNextPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * False until the screen has been painted once with the component in it (issue 16: a slow phone's
 * first look). Reads and code the first look does not show (badges, panels under the rooms) start
 * after it, so they do not compete with it for the network and the main thread.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  // What comes then is drawn as a transition, which React interrupts every few milliseconds (issue 16).
  useEffect(() => afterNextPaint(() => startTransition(() => setPainted(true))), []);
  return painted;
}
