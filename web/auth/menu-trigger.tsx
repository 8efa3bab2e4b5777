import { ChevronDown, CircleUser } from 'lucide-react';
import type { User } from '../../events/accounts/schemas';

/** The user menu's trigger, the same before the menu's code has arrived (app-header.tsx) and after (user-menu.tsx). */

export const menuTriggerClass =
  'flex min-w-0 items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 data-[state=open]:bg-gray-100 dark:hover:bg-gray-800 dark:data-[state=open]:bg-gray-800';

/** What the user menu's trigger shows: the user's name between a person and a chevron. */
export function MenuTriggerContent({ user, compact }: { user: User; compact: boolean }) {
  // A client's welcome line already shows the name, so on a phone their trigger keeps it for screen readers only.
  const nameClass = compact ? 'sr-only md:not-sr-only' : user.role === 'client' ? 'sr-only sm:not-sr-only' : undefined;
  return (
    <>
      <CircleUser aria-hidden="true" className="size-5 shrink-0" />
      {/* Two spans: not-sr-only resets white-space and overflow, which would undo the truncation. */}
      <span className={nameClass}>
        <span className={`block truncate ${compact ? 'max-w-[10rem]' : 'max-w-[7.5rem] sm:max-w-[14rem]'}`}>
          {user.firstName} {user.lastName}
        </span>
      </span>
      <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
    </>
  );
}
