import { createContext, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** True while the page prints: every room and item is shown expanded. */
export const PrintingContext = createContext(false);

/** Whether the page is printing; meanwhile it is drawn in the light theme. */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    let wasDark = false;
    const before = () => {
      wasDark = document.documentElement.classList.contains('dark');
      document.documentElement.classList.remove('dark');
      flushSync(() => setPrinting(true));
    };
    const after = () => {
      if (wasDark) document.documentElement.classList.add('dark');
      setPrinting(false);
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}
