import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { ArrowLeft, CloudOff, LoaderCircle, Moon, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { changePasswordForm, profileInput, setPasswordForm, type PasswordForm, type ProfileForm, type SetPasswordForm, type User } from '../../../events/accounts/schemas';
import { serverMessage, setServerFieldErrors } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { changePassword, deleteAccount, updateProfile } from '../../auth/api';
import { useLeaveSession } from '../../auth/session';
import { AppHeader } from '../../auth/app-header';
import { buttonClass, iconButtonClass, linkClass } from '../../components/button';
import { PasswordField, TextField } from '../../components/form';
import { RequireAuth } from '../../auth/guard';
import { useAccountSettingsTheme } from '../../components/theme';
import { toast } from '../../components/toast';
import { formResolver } from '../../components/form-resolver';
import { useNeedsConnection } from '../../offline/cache/needs-connection';
import { useOnline } from '../../offline/cache/online';

export const Route = createFileRoute('/_signed-in/account-settings')({ component: AccountSettingsRoute });

function AccountSettingsRoute() {
  return <RequireAuth>{(user) => <AccountSettings user={user} />}</RequireAuth>;
}

function AccountSettings({ user }: { user: User }) {
  const [theme, setTheme] = useAccountSettingsTheme();
  const next = theme === 'light' ? 'dark' : 'light';
  const ThemeIcon = theme === 'light' ? Sun : Moon;
  return (
    <>
      <AppHeader user={user}>
        <button type="button" onClick={() => setTheme(next)} aria-label={`Switch to ${next} theme`} title={`Switch to ${next} theme`} className={iconButtonClass}>
          <ThemeIcon aria-hidden="true" className="size-5" />
        </button>
      </AppHeader>
      <main className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6">
        <Link to={user.role === 'contractor' ? '/projects' : '/client-dashboard'} className={`inline-flex items-center gap-1 justify-self-start text-sm ${linkClass}`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Link>
        <h1 className="text-3xl font-bold">Account Settings</h1>
        <OfflineReason />
        <ProfileSection user={user} />
        {user.linkSignInOnly ? <SetPasswordSection /> : <SecuritySection />}
        <DangerZone />
      </main>
    </>
  );
}

/** Issue 29: offline, every change here waits for the server, so the buttons are off; this says why. */
function OfflineReason() {
  const online = useOnline();
  return (
    <div role="status" className={online ? 'sr-only' : ''}>
      {!online && (
        <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          You are offline: changes to your account need a connection.
        </p>
      )}
    </div>
  );
}

/** A form's submit button: busy while its change is on its way; offline off, 'Needs a connection'. */
function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  const needs = useNeedsConnection();
  return (
    <>
      {needs.reason}
      <button type="submit" disabled={pending || needs.offline} aria-busy={pending} {...needs.props} className={`${buttonClass.primary} justify-self-start`}>
        {pending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
        {children}
      </button>
    </>
  );
}

function Section({ id, title, danger = false, children }: { id: string; title: string; danger?: boolean; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-lg border bg-white p-4 shadow-sm sm:p-6 dark:bg-gray-900 ${danger ? 'border-red-300 dark:border-red-900' : 'border-gray-200 dark:border-gray-800'}`}
    >
      <h2 id={id} className={`text-lg font-semibold ${danger ? 'text-red-600 dark:text-red-400' : ''}`}>
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

type ProfileValues = ProfileForm;
const profileFields = Object.keys(profileInput.shape) as (keyof ProfileValues)[];
const profileValues = (user: User): ProfileValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  companyName: user.companyName ?? '',
  phone: user.phone ?? '',
});

function ProfileSection({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const form = useForm<ProfileValues, unknown, z.output<typeof profileInput>>({
    resolver: formResolver(profileInput),
    defaultValues: profileValues(user),
  });
  const { errors } = form.formState;
  // Issue 27: a new sign-in e-mail asks for the current password (an account without one may change it right after a sign-in link).
  const emailChanged = form.watch('email').trim().toLowerCase() !== user.email.toLowerCase();

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: async (updated) => {
      form.reset(profileValues(updated));
      toast({ title: 'Profile updated' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
    onError: (error) => {
      setServerFieldErrors(error, form.setError, profileFields);
      toast({ variant: 'destructive', title: 'Profile update failed', description: serverMessage(error, 'Failed to update profile.') });
    },
  });

  return (
    <Section id="profile-heading" title="Profile Information">
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="profile-first-name" label="First Name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
          <TextField id="profile-last-name" label="Last Name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
        </div>
        <TextField id="profile-email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        {emailChanged && !user.linkSignInOnly && (
          <PasswordField
            id="profile-current-password"
            label="Current Password (to change your email)"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword', { shouldUnregister: true })}
          />
        )}
        {user.role === 'contractor' && (
          <TextField id="profile-company" label="Company Name" autoComplete="organization" error={errors.companyName?.message} {...form.register('companyName')} />
        )}
        <TextField id="profile-phone" label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...form.register('phone')} />
        <SubmitButton pending={save.isPending}>
          Save Changes
        </SubmitButton>
      </form>
    </Section>
  );
}

type PasswordValues = PasswordForm;
const emptyPasswords: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

function SecuritySection() {
  const form = useForm<PasswordValues, unknown, z.output<typeof changePasswordForm>>({
    resolver: formResolver(changePasswordForm),
    defaultValues: emptyPasswords,
  });
  const { errors } = form.formState;

  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      form.reset(emptyPasswords);
      toast({ title: 'Password changed' });
    },
    onError: (error) => {
      setServerFieldErrors(error, form.setError, ['currentPassword', 'newPassword']);
      toast({ variant: 'destructive', title: 'Password change failed', description: serverMessage(error, 'Failed to change password.') });
    },
  });

  return (
    <Section id="security-heading" title="Security Settings">
      <form
        noValidate
        onSubmit={form.handleSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }))}
        className="grid gap-4"
      >
        <PasswordField id="current-password" label="Current Password" autoComplete="current-password" error={errors.currentPassword?.message} {...form.register('currentPassword')} />
        <PasswordField id="new-password" label="New Password" autoComplete="new-password" error={errors.newPassword?.message} {...form.register('newPassword')} />
        <PasswordField id="confirm-password" label="Confirm New Password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
        <SubmitButton pending={change.isPending}>
          Change Password
        </SubmitButton>
      </form>
    </Section>
  );
}

type SetPasswordValues = SetPasswordForm;
const emptyNewPasswords: SetPasswordValues = { newPassword: '', confirmPassword: '' };

/** Issue 27: the account's password was dropped when its address was first proved; right after a sign-in link it sets one. */
function SetPasswordSection() {
  const queryClient = useQueryClient();
  const form = useForm<SetPasswordValues, unknown, z.output<typeof setPasswordForm>>({ resolver: formResolver(setPasswordForm), defaultValues: emptyNewPasswords });
  const { errors } = form.formState;
  const set = useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      form.reset(emptyNewPasswords);
      toast({ title: 'Password set' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
    onError: (error) => {
      setServerFieldErrors(error, form.setError, ['newPassword']);
      toast({ variant: 'destructive', title: 'Password change failed', description: serverMessage(error, 'Failed to change password.') });
    },
  });
  return (
    <Section id="security-heading" title="Security Settings">
      <form noValidate onSubmit={form.handleSubmit(({ newPassword }) => set.mutate({ newPassword }))} className="grid gap-4">
        <p className="text-sm text-gray-600 dark:text-gray-400">
          Your account has no password: it was removed when your email address was confirmed, because it was set before. Choose one now, or keep signing in with a link mailed to you.
        </p>
        <PasswordField id="new-password" label="New Password" autoComplete="new-password" error={errors.newPassword?.message} {...form.register('newPassword')} />
        <PasswordField id="confirm-password" label="Confirm New Password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
        <SubmitButton pending={set.isPending}>
          Set Password
        </SubmitButton>
      </form>
    </Section>
  );
}

function DangerZone() {
  const leave = useLeaveSession();
  const needs = useNeedsConnection();
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      toast({ title: 'Account deleted' });
      await leave();
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Account deletion failed', description: serverMessage(error, 'Failed to delete account.') }),
  });

  return (
    <Section id="danger-heading" title="Danger Zone" danger>
      {needs.reason}
      <AlertDialog.Root>
        <AlertDialog.Trigger className={buttonClass.danger} disabled={remove.isPending || needs.offline} {...needs.props}>
          Delete Account
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-gray-200 bg-white p-6 text-gray-900 shadow-xl focus:outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100">
            <AlertDialog.Title className="text-lg font-semibold">Delete Account</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-gray-600 dark:text-gray-400">
              Are you sure you want to delete your account? This action cannot be undone.
            </AlertDialog.Description>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonClass.secondary}>Cancel</AlertDialog.Cancel>
              <AlertDialog.Action className={buttonClass.danger} onClick={() => remove.mutate()}>
                Delete Account
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </Section>
  );
}
