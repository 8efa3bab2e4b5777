import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../auth/login-screen';
import { WithUser } from '../components/guard';
import { ClientHome } from '../homes/client-home';
import { ContractorHome } from '../homes/contractor-home';

/** The role switch (spec section 2): contractors get their projects, clients their dashboard. */
export const Route = createFileRoute('/')({ component: Home });

function Home() {
  return (
    <WithUser>
      {(user) =>
        user.role === 'contractor' ? <ContractorHome user={user} /> : user.role === 'client' ? <ClientHome user={user} /> : <LoginScreen />
      }
    </WithUser>
  );
}
