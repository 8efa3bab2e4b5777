import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { LoaderCircle } from 'lucide-react';
import type { FormEvent } from 'react';
import type { User } from '../../events/accounts/schemas';
import { callApi } from '../api/call';
import { serverMessage } from '../api/errors';
import { queryKeys } from '../api/query-keys';
import { useMailedLink } from '../auth/mailed-link';
import { useCurrentUser } from '../auth/session';
import { AuthCard } from '../components/auth-card';
import { buttonClass } from '../components/button';
import { SubmitButton } from '../components/form';

/**
 * The page a team invitation's link opens (/join-team#token=…, issue 31). Signed in as a
 * contractor with the invited address, it joins on a click (never on opening: mail scanners open
 * links). Signed out, it says to sign in or create a contractor account with that address and open
 * the link again (the token stays in the mail, not in this tab's address).
 */
export function JoinTeamScreen() {
  const { token } = useMailedLink();
  const me = useCurrentUser();
  if (!token) {
    return (
      <AuthCard title="Invalid invitation link" description="This invitation link is invalid, used or expired.">
        <Link to="/" className={`${buttonClass.primary} w-full`}>
          Go to Construction Checklist
        </Link>
      </AuthCard>
    );
  }
  if (me.isPending) {
    return (
      <AuthCard title="Join your team">
        <LoaderCircle role="status" aria-label="Loading" className="size-6 animate-spin text-gray-500" />
      </AuthCard>
    );
  }
  if (!me.data) {
    return (
      <AuthCard title="Join your team" description="Sign in, or create a contractor account, with the email address this invitation was sent to. Then open the link in the email again.">
        <div className="grid gap-3 sm:grid-cols-2">
          <Link to="/login" className={buttonClass.primary}>
            Sign In
          </Link>
          <Link to="/register" className={buttonClass.secondary}>
            Create Account
          </Link>
        </div>
      </AuthCard>
    );
  }
  return <Join token={token} user={me.data} />;
}

function Join({ token, user }: { token: string; user: User }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const join = useMutation({
    mutationFn: () => callApi('joinTeam', { body: { token } }),
    onSuccess: async () => {
      // The company's projects are now this account's: every cached list is stale.
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects });
      await queryClient.invalidateQueries({ queryKey: queryKeys.team });
      await navigate({ to: '/projects' });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    join.mutate();
  };
  return (
    <AuthCard title="Join your team" description={<>You are signed in as <strong className="break-all">{user.email}</strong>. Joining lets you work on all of your company’s projects.</>}>
      <form onSubmit={submit} className="grid gap-3">
        {join.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {serverMessage(join.error, 'The invitation could not be accepted.')}
          </p>
        )}
        <SubmitButton pending={join.isPending} className={`${buttonClass.primary} w-full`}>
          Join the Team
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
