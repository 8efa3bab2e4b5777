import { useMutation } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { accountMessages, resetPasswordInput } from '../../events/accounts/schemas';
import { serverMessage } from '../api/errors';
import { resetPassword } from '../auth/api';
import { useMailedLink } from '../auth/mailed-link';
import { AuthCard } from '../components/auth-card';
import { buttonClass } from '../components/button';
import { PasswordField, SubmitButton, useFormDefaults } from '../components/form';
import { toast } from '../components/toast';
import { formResolver } from '../components/form-resolver';
import { usePrerendered } from '../components/use-prerendered';

/** The page a mailed reset link opens (functions/handlers/auth-forgot-password.ts); the token is in the fragment. */
export const Route = createFileRoute('/reset-password')({ component: ResetPasswordScreen });

function ResetPasswordScreen() {
  const { token } = useMailedLink();
  const navigate = useNavigate();
  // The prerendered page (web/prerender.tsx) is the form: the link's token is only in the browser.
  const prerendered = usePrerendered();

  useEffect(() => {
    if (token || prerendered) return;
    toast({ variant: 'destructive', title: 'Invalid reset link', description: accountMessages.invalidResetLink });
    void navigate({ to: '/forgot-password', replace: true });
  }, [token, prerendered, navigate]);

  return token || prerendered ? <ResetPasswordForm key={token} token={token ?? ''} /> : null;
}

function ResetPasswordForm({ token }: { token: string }) {
  const form = useForm<z.input<typeof resetPasswordInput>, unknown, z.output<typeof resetPasswordInput>>({
    resolver: formResolver(resetPasswordInput),
    defaultValues: useFormDefaults({ token, password: '', confirmPassword: '' }),
  });
  const { errors } = form.formState;

  const reset = useMutation({
    mutationFn: resetPassword,
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Reset failed', description: serverMessage(error, 'Failed to reset password. The link may be expired.') }),
  });

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password Reset Successful" description={reset.data.message}>
        <div className="grid gap-4">
          <CircleCheck aria-hidden="true" className="size-10 text-green-600 dark:text-green-400" />
          <Link to="/login" className={`${buttonClass.primary} w-full`}>
            Sign In
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Password">
      <form noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values))} className="grid gap-4">
        <input type="hidden" {...form.register('token')} />
        <PasswordField id="reset-password" label="New Password" autoComplete="new-password" error={errors.password?.message} {...form.register('password')} />
        <PasswordField id="reset-confirm-password" label="Confirm Password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
        <SubmitButton pending={reset.isPending} className={`${buttonClass.primary} w-full`}>
          Reset Password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
