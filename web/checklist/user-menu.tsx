import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import { ChevronDown, CircleUser, LogOut, Settings } from 'lucide-react';
import type { User } from '../../events/accounts/schemas';
import { useSignOut } from '../auth/session';

/**
 * The user menu of the checklist header (spec section 2): name, e-mail, role, Account Settings,
 * Sign Out (to /login). The same menu as the app header's, which does not export its own.
 */

const roleLabels = { contractor: 'Contractor', client: 'Client' } as const;

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-highlighted:bg-gray-100 data-disabled:pointer-events-none data-disabled:opacity-50 dark:data-highlighted:bg-gray-800';

export function UserMenu({ user }: { user: User }) {
  const signOut = useSignOut();
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex min-w-0 items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 data-[state=open]:bg-gray-100 dark:hover:bg-gray-800 dark:data-[state=open]:bg-gray-800">
        <CircleUser aria-hidden="true" className="size-5 shrink-0" />
        {/* On a phone the name is for screen readers only; two spans, since not-sr-only would undo the truncation. */}
        <span className="sr-only md:not-sr-only">
          <span className="block max-w-[10rem] truncate">{name}</span>
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
