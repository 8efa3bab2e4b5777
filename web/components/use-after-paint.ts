import { startTransition, useEffect, useState } from 'react';

/**
 * False until the screen has been painted once with the component in it (issue 16: a slow phone's
 * first look). Reads and code the first look does not show (badges, panels under the rooms) start
 * after it, so they do not compete with it for the network and the main thread.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs just before the paint; a task queued from it runs after. What comes
    // then is drawn as a transition, which React interrupts every few milliseconds (issue 16).
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
