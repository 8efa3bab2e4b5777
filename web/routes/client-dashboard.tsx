import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../components/guard';
import { ClientHome } from '../homes/client-home';

export const Route = createFileRoute('/client-dashboard')({ component: ClientDashboard });

function ClientDashboard() {
  return <RequireAuth role="client">{(user) => <ClientHome user={user} />}</RequireAuth>;
}
