import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { LoaderCircle, Mail } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { accountMessages, loginInput, type User } from '../../events/accounts/schemas';
import { queries } from '../api/queries';
import { serverMessage } from '../api/errors';
import { AuthCard } from '../components/auth-card';
import { buttonClass, linkClass } from '../components/button';
import { PasswordField, SubmitButton, TextField, useFormDefaults } from '../components/form';
import { toast } from '../components/toast';
import { login, requestSignInLink } from './api';
import { SignInLinkSent } from './sign-in-link-sent';
import { useEffect, useState } from 'react';
import { usePrerendered } from '../components/use-prerendered';
import { verifyFromHash, verifyHash, type SignInSearch } from './verify-search';
import { formResolver } from '../components/form-resolver';

/** Spec: after sign-in or registration the app goes to / after a short delay. */
export const NAVIGATION_DELAY_MS = 100;

/** Where to go after signing in: back to the verification link that sent the visitor here (its token in the fragment), or /. */
export const afterSignIn = ({ verify, email }: SignInSearch) =>
  verify ? ({ to: '/verify-email', hash: new URLSearchParams({ token: verify, ...(email ? { email } : {}) }).toString() } as const) : ({ to: '/' } as const);

/** Signed in by Sign In or Create Account: the account is the current user, greeted, and the app goes on after the short delay. */
export function useSignedIn(search: SignInSearch): (user: User, greeting: string) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (user, greeting) => {
    queryClient.setQueryData(queries.me().queryKey, user);
    toast({ title: greeting });
    setTimeout(() => void navigate(afterSignIn(search)), NAVIGATION_DELAY_MS);
  };
}

/**
 * Sign In's and Create Account's parameters: `email` from the search, the verification token from
 * the fragment (read once). None in a prerendered page's HTML (web/prerender.tsx), so none while
 * the browser hydrates it; they come the render after.
 */
export function useSignInSearch(): SignInSearch {
  const search = useSearch({ strict: false }) as SignInSearch;
  const [verify] = useState(() => (typeof window === 'undefined' ? undefined : verifyFromHash(window.location.hash)));
  if (usePrerendered()) return {};
  return { ...(search.email ? { email: search.email } : {}), ...(verify ? { verify } : {}) };
}

/** The search's e-mail into the form's field once known: a prerendered page's first render has none. */
export function useEmailFromSearch(email: string | undefined, resetField: (name: 'email', options: { defaultValue: string }) => void): void {
  useEffect(() => {
    if (email) resetField('email', { defaultValue: email });
  }, [email, resetField]);
}

/**
 * Sign In: shown at /login, and in place of any screen that needs a signed-in user. Beside the
 * password, it offers to mail a sign-in link to the e-mail entered (issue 18).
 */
export function LoginScreen() {
  // Elsewhere than /login (in place of a protected screen) there are no such parameters.
  const search = useSignInSearch();
  const signedIn = useSignedIn(search);
  const prerendered = usePrerendered();
  const form = useForm<z.input<typeof loginInput>, unknown, z.output<typeof loginInput>>({
    resolver: formResolver(loginInput),
    defaultValues: useFormDefaults({ email: search.email ?? '', password: '' }),
  });
  useEmailFromSearch(search.email, form.resetField);
  const { errors } = form.formState;

  const signIn = useMutation({
    mutationFn: login,
    onSuccess: (user) => signedIn(user, 'Welcome back!'),
    onError: (error) => toast({ variant: 'destructive', title: 'Login failed', description: serverMessage(error, accountMessages.invalidLogin) }),
  });

  const sendLink = useMutation({
    mutationFn: requestSignInLink,
    onError: (error) => toast({ variant: 'destructive', title: 'Sign-in link not sent', description: serverMessage(error, 'Failed to send the sign-in link. Please try again.') }),
  });
  // Needs the e-mail only: the password may stay empty.
  const emailLink = async () => {
    if (await form.trigger('email')) sendLink.mutate({ email: form.getValues('email') });
  };

  if (sendLink.isSuccess) return <SignInLinkSent onBack={() => sendLink.reset()} />;

  return (
    <AuthCard
      title="Sign In"
      footer={
        <>
          Don't have an account?{' '}
          <Link to="/register" search={search.email ? { email: search.email } : {}} hash={search.verify ? verifyHash(search.verify) : undefined} className={linkClass}>
            Sign up
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values))} className="grid gap-4">
        <TextField id="login-email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <div className="grid gap-1.5">
          <PasswordField id="login-password" label="Password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
          <Link to="/forgot-password" className={`justify-self-end text-sm ${linkClass}`}>
            Forgot password?
          </Link>
        </div>
        <SubmitButton pending={signIn.isPending} className={`${buttonClass.primary} w-full`}>
          Sign In
        </SubmitButton>
        <div aria-hidden="true" className="flex items-center gap-3 text-sm text-gray-500 dark:text-gray-400">
          <span className="h-px flex-1 bg-gray-200 dark:bg-gray-800" />
          or
          <span className="h-px flex-1 bg-gray-200 dark:bg-gray-800" />
        </div>
        <button type="button" onClick={() => void emailLink()} disabled={sendLink.isPending || prerendered} aria-busy={sendLink.isPending} className={`${buttonClass.secondary} w-full`}>
          {sendLink.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Mail aria-hidden="true" className="size-4" />}
          Email me a sign-in link
        </button>
      </form>
    </AuthCard>
  );
}
