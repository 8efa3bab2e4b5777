import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import { ChevronDown, CircleUser, LogOut, Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import type { User } from '../../events/accounts/schemas';
import { useSignOut } from './session';

/**
 * The signed-in header (spec section 1): a contractor's reads Project Manager; a client's shows the
 * product title and a welcome line with their name. Both end with `children` (page controls such as
 * the theme toggle) and the user menu, whose trigger shows the user's name.
 */
export function AppHeader({ user, children }: { user: User; children?: ReactNode }) {
  return (
    <header className="border-b border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <div className="min-w-0">
          {user.role === 'contractor' ? (
            <p className="truncate text-lg font-bold">Project Manager</p>
          ) : (
            <>
              <p className="truncate text-lg font-bold">Construction Checklist</p>
              <p className="text-sm break-words text-gray-600 dark:text-gray-400">
                Welcome, {user.firstName} {user.lastName}
              </p>
            </>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {children}
          <UserMenu user={user} />
        </div>
      </div>
    </header>
  );
}

const roleLabels = { contractor: 'Contractor', client: 'Client' } as const;

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-highlighted:bg-gray-100 data-disabled:pointer-events-none data-disabled:opacity-50 dark:data-highlighted:bg-gray-800';

/**
 * The user menu (spec section 2): name, e-mail, role, Account Settings, Sign Out (to /login).
 * `compact` (the checklist header, crowded with controls) keeps the trigger's name for screen
 * readers only below the md breakpoint.
 */
export function UserMenu({ user, compact = false }: { user: User; compact?: boolean }) {
  const signOut = useSignOut();
  const name = `${user.firstName} ${user.lastName}`;
  // A client's welcome line already shows the name, so on a phone their trigger keeps it for screen readers only.
  const nameClass = compact ? 'sr-only md:not-sr-only' : user.role === 'client' ? 'sr-only sm:not-sr-only' : undefined;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex min-w-0 items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 data-[state=open]:bg-gray-100 dark:hover:bg-gray-800 dark:data-[state=open]:bg-gray-800">
        <CircleUser aria-hidden="true" className="size-5 shrink-0" />
        {/* Two spans: not-sr-only resets white-space and overflow, which would undo the truncation. */}
        <span className={nameClass}>
          <span className={`block truncate ${compact ? 'max-w-[10rem]' : 'max-w-[7.5rem] sm:max-w-[14rem]'}`}>{name}</span>
        </span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-64 max-w-[calc(100vw-1rem)] rounded-md border border-gray-200 bg-white p-1 text-gray-900 shadow-lg dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
        >
          <DropdownMenu.Label className="grid gap-0.5 px-2 py-2">
            <span className="truncate text-sm font-semibold">{name}</span>
            <span className="truncate text-xs text-gray-600 dark:text-gray-400">{user.email}</span>
            <span className="text-xs text-gray-600 dark:text-gray-400">{roleLabels[user.role]}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200 dark:bg-gray-700" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/account-settings">
              <Settings aria-hidden="true" className="size-4" />
              Account Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
            <LogOut aria-hidden="true" className="size-4" />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
