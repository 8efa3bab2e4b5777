import { Suspense, useState, type ReactNode } from 'react';

/**
 * A dialog whose code is fetched at its first opening (issue 14: dialogs are not part of what a
 * page needs to draw). Until then nothing is drawn; once opened it stays mounted, so it closes
 * with its animation and opens again at once.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  // Set while rendering (React's pattern for state derived from a prop): no empty frame first.
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
