import { useCallback, useState } from 'react';

/**
 * Whether the element (given by the returned ref) has come within `margin` of the screen, as
 * IntersectionObserver's rootMargin ('100% 0px': one screen above and below); true from then on.
 * For reads that only a part further down needs: the page's first draw does not wait on them
 * (issue 14: at most 5 calls), and they are in by the time the part is scrolled to.
 */
export function useNearScreen<T extends Element>(margin = '100% 0px'): [ref: (element: T | null) => (() => void) | undefined, near: boolean] {
  const [near, setNear] = useState(false);
  // A callback ref: the element may come and go (a panel left out while empty), and is observed whenever it is there.
  const ref = useCallback(
    (element: T | null) => {
      if (near || !element) return undefined;
      const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: margin });
      observer.observe(element);
      return () => observer.disconnect();
    },
    [near, margin],
  );
  return [ref, near];
}
