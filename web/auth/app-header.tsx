import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { User } from '../../events/accounts/schemas';
import { SyncIndicator } from '../offline/outbox/sync-indicator';
import { MenuTriggerContent, menuTriggerClass } from './menu-trigger';

/**
 * The signed-in header (spec section 1): a contractor's reads Project Manager; a client's shows the
 * product title and a welcome line with their name. Both end with `children` (page controls such as
 * the theme toggle) and the user menu, whose trigger shows the user's name. The title is never
 * cut: on a phone, when a long name leaves it no room, the controls wrap under it (issue 16).
 */
export function AppHeader({ user, children }: { user: User; children?: ReactNode }) {
  return (
    <header className="border-b border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3 sm:px-6">
        <div className="min-w-0">
          {user.role === 'contractor' ? (
            <p className="text-lg font-bold whitespace-nowrap">Project Manager</p>
          ) : (
            <>
              <p className="text-lg font-bold whitespace-nowrap">Construction Checklist</p>
              <p className="text-sm break-words text-gray-600 dark:text-gray-400">
                Welcome, {user.firstName} {user.lastName}
              </p>
            </>
          )}
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1">
          {children}
          <UserMenu user={user} />
        </div>
      </div>
    </header>
  );
}

// The menu (Radix, with its positioning and focus code: ~20 KB gzip) is fetched when the pointer
// or focus reaches the trigger, and drawn at the first open; until then a plain button (issue 14).
const loadMenu = () => import('./user-menu');
const UserMenuDropdown = lazy(loadMenu);

/**
 * The end of every signed-in header (the app's and the checklist's): the sync indicator (issue 29:
 * what waits to be sent, what needs a decision), then the user menu.
 */
export function UserMenu({ user, compact = false }: { user: User; compact?: boolean }) {
  return (
    <>
      <SyncIndicator userId={user.id} compact={compact} />
      <UserMenuButton user={user} compact={compact} />
    </>
  );
}

/**
 * The user menu (spec section 2): name, e-mail, role, Account Settings, Sign Out (to /login).
 * `compact` (the checklist header, crowded with controls) keeps the trigger's name for screen
 * readers only below the md breakpoint.
 */
function UserMenuButton({ user, compact }: { user: User; compact: boolean }) {
  const [opened, setOpened] = useState(false);
  const warm = () => void loadMenu();
  const plain = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={warm}
      onFocus={warm}
      onClick={() => setOpened(true)}
      // As the menu's own trigger: the down arrow opens it too.
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        setOpened(true);
      }}
      className={menuTriggerClass}
    >
      <MenuTriggerContent user={user} compact={compact} />
    </button>
  );
  if (!opened) return plain;
  return (
    <Suspense fallback={plain}>
      <UserMenuDropdown user={user} compact={compact} />
    </Suspense>
  );
}
