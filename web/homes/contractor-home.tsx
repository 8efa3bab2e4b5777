import type { User } from '../../events/accounts/schemas';
import { AppHeader } from '../components/app-header';
import { ThemeToggle } from '../components/theme';

/** The contractor's home (at / and /projects); the projects list comes with the projects issue. */
export function ContractorHome({ user }: { user: User }) {
  return (
    <>
      <AppHeader user={user}>
        <ThemeToggle />
      </AppHeader>
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-bold">Projects</h1>
      </main>
    </>
  );
}
