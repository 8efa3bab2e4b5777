import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import { LogOut, Settings, Users } from 'lucide-react';
import type { User } from '../../events/accounts/schemas';
import { menuItemClass, menuPanelClass, menuSeparatorClass } from '../components/menu-look';
import { NEEDS_CONNECTION, useNeedsConnection } from '../offline/cache/needs-connection';
import { MenuTriggerContent, menuTriggerClass } from './menu-trigger';
import { useSignOut } from './session';

/** The user menu itself, fetched and drawn at its first open (see UserMenu in app-header.tsx), and open then. */

const roleLabels = { contractor: 'Contractor', client: 'Client' } as const;

/** Sign Out is disabled while it is under way. */
const itemClass = `${menuItemClass} data-disabled:pointer-events-none data-disabled:opacity-50`;

export default function UserMenuDropdown({ user, compact }: { user: User; compact: boolean }) {
  const signOut = useSignOut();
  // Issue 29: the server ends the session; offline, Sign Out waits for a connection (the device's copy is forgotten then).
  const needs = useNeedsConnection();
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger className={menuTriggerClass}>
        <MenuTriggerContent user={user} compact={compact} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className={`z-50 w-64 max-w-[calc(100vw-1rem)] ${menuPanelClass}`}
        >
          <DropdownMenu.Label className="grid gap-0.5 px-2 py-2">
            <span className="truncate text-sm font-semibold">{name}</span>
            <span className="truncate text-xs text-gray-600 dark:text-gray-400">{user.email}</span>
            <span className="text-xs text-gray-600 dark:text-gray-400">{roleLabels[user.role]}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className={menuSeparatorClass} />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/account-settings">
              <Settings aria-hidden="true" className="size-4" />
              Account Settings
            </Link>
          </DropdownMenu.Item>
          {user.role === 'contractor' && (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/team">
                <Users aria-hidden="true" className="size-4" />
                Team
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={itemClass} disabled={signOut.isPending || needs.offline} title={needs.props.title} onSelect={() => signOut.mutate()}>
            <LogOut aria-hidden="true" className="size-4" />
            Sign Out
            {needs.offline && <span className="ml-auto text-xs">({NEEDS_CONNECTION})</span>}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
