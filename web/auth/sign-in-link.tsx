import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { signInLinkMessages } from '../../events/accounts/schemas';
import { serverMessage } from '../api/errors';
import { queries } from '../api/queries';
import { AuthCard } from '../components/auth-card';
import { LinkRefused } from '../components/link-refused';
import { toast } from '../components/toast';
import { signInWithLink } from './api';
import { NAVIGATION_DELAY_MS } from './login-screen';

/**
 * The page a mailed sign-in link opens (/sign-in-link?token=…, issue 18): it signs in with the
 * token and lands where a password sign-in does, or says why not with a way back to Sign In.
 */

export function SignInLinkScreen({ token }: { token: string | undefined }) {
  return token ? <Redeem token={token} /> : <Refused message={signInLinkMessages.invalid} />;
}

function Redeem({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signIn = useMutation({
    mutationFn: () => signInWithLink(token),
    onSuccess: (user) => {
      queryClient.setQueryData(queries.me().queryKey, user);
      toast({ title: 'Welcome back!' });
      // Replacing the entry keeps the spent link out of the history.
      setTimeout(() => void navigate({ to: '/', replace: true }), NAVIGATION_DELAY_MS);
    },
  });
  // A token signs in once: one request per page, even when React runs the effect twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signIn.mutate();
  }, [signIn]);

  if (signIn.isError) return <Refused message={serverMessage(signIn.error, signInLinkMessages.invalid)} />;
  return (
    <AuthCard title="Signing you in">
      <LoaderCircle role="status" aria-label="Signing in" className="size-6 animate-spin text-gray-500" />
    </AuthCard>
  );
}

const Refused = ({ message }: { message: string }) => <LinkRefused title="Could not sign you in" message={message} signInLabel="Back to Sign In" />;
