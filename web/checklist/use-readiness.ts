import { useEffect, useState, type RefObject } from 'react';

/**
 * When a room draws its items: 'near' once it comes near the screen (its batches go first),
 * 'late' shortly after the page has settled otherwise (so far-away rooms do not slow the first
 * paint, yet all are there for find-in-page and printing).
 */
const LATE_MOUNT_MS = 400;
export type Readiness = 'near' | 'late' | null;

export function useReadiness(ref: RefObject<HTMLElement | null>): Readiness {
  const [readiness, setReadiness] = useState<Readiness>(() => (typeof IntersectionObserver === 'undefined' ? 'near' : null));
  useEffect(() => {
    const element = ref.current;
    if (readiness === 'near' || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setReadiness('near'), { rootMargin: '800px 0px' });
    observer.observe(element);
    const timer = readiness === null ? setTimeout(() => setReadiness((value) => value ?? 'late'), LATE_MOUNT_MS) : undefined;
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [readiness, ref]);
  return readiness;
}
