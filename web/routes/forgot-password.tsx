import { useMutation } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { accountMessages, forgotPasswordInput } from '../../events/accounts/schemas';
import { serverMessage } from '../api/errors';
import { forgotPassword } from '../auth/api';
import { AuthCard } from '../components/auth-card';
import { buttonClass, linkClass } from '../components/button';
import { SubmitButton, TextField, useFormDefaults } from '../components/form';
import { toast } from '../components/toast';
import { formResolver } from '../components/form-resolver';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPasswordScreen });

/** Spec section 9: the development reset-link toast stays 10000 ms. */
const RESET_LINK_TOAST_MS = 10_000;

function ForgotPasswordScreen() {
  const form = useForm<z.input<typeof forgotPasswordInput>, unknown, z.output<typeof forgotPasswordInput>>({
    resolver: formResolver(forgotPasswordInput),
    defaultValues: useFormDefaults({ email: '' }),
  });

  const requestLink = useMutation({
    mutationFn: forgotPassword,
    onSuccess: ({ resetLink }) =>
      toast(
        resetLink
          ? {
              title: 'Development mode: password reset link',
              description: (
                <a href={resetLink} className="font-medium break-all underline">
                  {resetLink}
                </a>
              ),
              duration: RESET_LINK_TOAST_MS,
            }
          : { title: 'Reset link sent', description: accountMessages.resetLinkSent },
      ),
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to send reset email. Please try again.') }),
  });

  if (requestLink.isSuccess) {
    return (
      <AuthCard title="Check Your Email" description={accountMessages.resetLinkSent}>
        <div className="grid gap-4">
          <MailCheck aria-hidden="true" className="size-10 text-blue-600 dark:text-blue-400" />
          <Link to="/login" className={`${buttonClass.primary} w-full`}>
            Back to Sign In
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot Password"
      footer={
        <Link to="/login" className={linkClass}>
          Back to Sign In
        </Link>
      }
    >
      <form noValidate onSubmit={form.handleSubmit((values) => requestLink.mutate(values))} className="grid gap-4">
        <TextField id="forgot-email" label="Email" type="email" autoComplete="email" error={form.formState.errors.email?.message} {...form.register('email')} />
        <SubmitButton pending={requestLink.isPending} className={`${buttonClass.primary} w-full`}>
          Send Reset Link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
