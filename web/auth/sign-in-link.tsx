import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { LoaderCircle } from 'lucide-react';
import type { FormEvent } from 'react';
import { signInLinkMessages, type User } from '../../events/accounts/schemas';
import { serverMessage } from '../api/errors';
import { queries } from '../api/queries';
import { AuthCard } from '../components/auth-card';
import { buttonClass } from '../components/button';
import { LinkRefused } from '../components/link-refused';
import { SubmitButton } from '../components/form';
import { toast } from '../components/toast';
import { usePrerendered } from '../components/use-prerendered';
import { signInWithLink } from './api';
import { NAVIGATION_DELAY_MS } from './login-screen';
import { useCurrentUser } from './session';

/**
 * The page a mailed sign-in link opens (/sign-in-link#token=…, issue 18). It spends the token only
 * when the person clicks: mail scanners fetch, and some render, every link in a message, and
 * opening the page must not use up the link. A browser already signed in is asked first whether
 * to switch accounts (issue 27); the link's account is known only once the token is spent.
 * Signed in, it lands where a password sign-in does, or says why not with a way back to Sign In.
 */

export function SignInLinkScreen({ token }: { token: string | undefined }) {
  // The prerendered page (web/prerender.tsx) is the Sign In button: the token is only in the browser.
  const prerendered = usePrerendered();
  return token || prerendered ? <Redeem key={token} token={token ?? ''} /> : <Refused message={signInLinkMessages.invalid} />;
}

function Redeem({ token }: { token: string }) {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signIn = useMutation({
    mutationFn: () => signInWithLink(token),
    onSuccess: (user) => {
      // Whatever was read as the account signed in before belongs to it, not to this one.
      queryClient.clear();
      queryClient.setQueryData(queries.me().queryKey, user);
      toast({ title: 'Welcome back!' });
      setTimeout(() => void navigate({ to: '/', replace: true }), NAVIGATION_DELAY_MS);
    },
  });

  if (signIn.isError) return <Refused message={serverMessage(signIn.error, signInLinkMessages.invalid)} />;
  if (signIn.isSuccess) {
    return (
      <AuthCard title="Sign In">
        <LoaderCircle role="status" aria-label="Signing in" className="size-6 animate-spin text-gray-500" />
      </AuthCard>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };
  if (me.data) return <SwitchAccount current={me.data} pending={signIn.isPending} onSubmit={submit} onStay={() => void navigate({ to: '/', replace: true })} />;
  return (
    <AuthCard title="Sign In" description="Sign in to Construction Checklist with the link from your email. It works once.">
      <form onSubmit={submit}>
        {/* Until the session is known, which may ask first whether to switch accounts (issue 27). */}
        <SubmitButton pending={signIn.isPending} disabled={me.isPending} className={`${buttonClass.primary} w-full`}>
          Sign In
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

/** Someone is signed in in this browser: say who, and switch only if asked to. */
function SwitchAccount({ current, pending, onSubmit, onStay }: { current: User; pending: boolean; onSubmit: (event: FormEvent) => void; onStay: () => void }) {
  return (
    <AuthCard
      title="Switch accounts?"
      description={
        <>
          You are signed in as <strong className="break-words">{current.email}</strong>. Sign in as the account this link was sent to instead?
        </>
      }
    >
      <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-2">
        <SubmitButton pending={pending} className={buttonClass.primary}>
          Continue
        </SubmitButton>
        <button type="button" onClick={onStay} disabled={pending} className={buttonClass.secondary}>
          Stay signed in
        </button>
      </form>
    </AuthCard>
  );
}

const Refused = ({ message }: { message: string }) => <LinkRefused title="Could not sign you in" message={message} signInLabel="Back to Sign In" />;
