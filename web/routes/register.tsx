import { useMutation } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { registerInput, type RegisterForm } from '../../events/accounts/schemas';
import { serverMessage, setServerFieldErrors } from '../api/errors';
import { register } from '../auth/api';
import { useEmailFromSearch, useSignInSearch, useSignedIn } from '../auth/login-screen';
import { parseSignInSearch, verifyHash } from '../auth/verify-search';
import { AuthCard } from '../components/auth-card';
import { buttonClass, linkClass } from '../components/button';
import { FieldError, PasswordField, SubmitButton, TextField, useFormDefaults, useRegisterRadio } from '../components/form';
import { toast } from '../components/toast';
import { formResolver } from '../components/form-resolver';

export const Route = createFileRoute('/register')({ validateSearch: parseSignInSearch, component: RegisterScreen });

type Values = RegisterForm;
const fields = Object.keys(registerInput.shape) as (keyof Values)[];
const roleOptions = [
  { value: 'contractor', label: 'Contractor' },
  { value: 'client', label: 'Client' },
] as const;

function RegisterScreen() {
  const search = useSignInSearch();
  const signedIn = useSignedIn(search);
  const form = useForm<Values, unknown, z.output<typeof registerInput>>({
    resolver: formResolver(registerInput),
    defaultValues: useFormDefaults({ firstName: '', lastName: '', email: search.email ?? '', companyName: '', phone: '', password: '', confirmPassword: '' }),
  });
  const registerRadio = useRegisterRadio(form);
  useEmailFromSearch(search.email, form.resetField);
  const { errors } = form.formState;

  const createAccount = useMutation({
    mutationFn: register,
    onSuccess: (user) => signedIn(user, 'Account created!'),
    onError: (error) => {
      setServerFieldErrors(error, form.setError, fields);
      toast({ variant: 'destructive', title: 'Registration failed', description: serverMessage(error, 'Failed to create account. Please try again.') });
    },
  });

  return (
    <AuthCard
      title="Create Account"
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" search={search.email ? { email: search.email } : {}} hash={search.verify ? verifyHash(search.verify) : undefined} className={linkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={form.handleSubmit((values) => createAccount.mutate(values))} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="register-first-name" label="First Name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
          <TextField id="register-last-name" label="Last Name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
        </div>
        <TextField id="register-email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <fieldset className="grid gap-1.5" aria-describedby={errors.role ? 'register-role-error' : undefined}>
          <legend className="mb-1.5 text-sm font-medium">Role</legend>
          <div className="grid grid-cols-2 gap-3">
            {roleOptions.map(({ value, label }) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-2 rounded-md border border-gray-300 px-3 py-2 text-sm has-checked:border-blue-600 has-checked:bg-blue-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-600 dark:border-gray-700 dark:has-checked:border-blue-400 dark:has-checked:bg-blue-950"
              >
                <input type="radio" value={value} className="accent-blue-600 focus:outline-none" {...registerRadio('role')} />
                {label}
              </label>
            ))}
          </div>
          <FieldError id="register-role" error={errors.role?.message} />
        </fieldset>
        <TextField id="register-company" label="Company Name (optional)" autoComplete="organization" error={errors.companyName?.message} {...form.register('companyName')} />
        <TextField id="register-phone" label="Phone (optional)" type="tel" autoComplete="tel" error={errors.phone?.message} {...form.register('phone')} />
        <PasswordField id="register-password" label="Password" autoComplete="new-password" error={errors.password?.message} {...form.register('password')} />
        <PasswordField id="register-confirm-password" label="Confirm Password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
        <SubmitButton pending={createAccount.isPending} className={`${buttonClass.primary} w-full`}>
          Create Account
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
