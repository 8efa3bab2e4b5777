import { useEffect, useState } from 'react';

/** The current time, updated at the start of each minute ('Last saved', the history's relative times). */
export function useCurrentTime(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = new Date();
      setNow(current);
      timer = setTimeout(tick, 60_000 - (current.getSeconds() * 1000 + current.getMilliseconds()));
    };
    tick();
    return () => clearTimeout(timer);
  }, []);
  return now;
}
