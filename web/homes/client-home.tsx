import type { User } from '../../events/accounts/schemas';
import { AppHeader } from '../components/app-header';
import { ThemeToggle } from '../components/theme';

/** The client's home (at / and /client-dashboard); the assigned projects come with the projects issue. */
export function ClientHome({ user }: { user: User }) {
  return (
    <>
      <AppHeader user={user}>
        <ThemeToggle />
      </AppHeader>
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-bold">Your Projects</h1>
      </main>
    </>
  );
}
