import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import type { User } from '../../events/accounts/schemas';
import { readers } from '../../events/chat/events';
import { userSessionInput } from '../../events/chat/inputs';
import { serverMessage, setServerFieldErrors } from '../api/errors';
import { buttonClass } from '../components/button';
import { ModalDialog } from '../components/dialog';
import { FieldError, SubmitButton, TextField } from '../components/form';
import { toast } from '../components/toast';
import { useSaveChatSession } from './api';
import { roleLabels } from './format';
import { formResolver } from '../components/form-resolver';

/**
 * Join Project Chat (spec sections 2, 4, 5): a role and name picker; both are required. The
 * server keeps the session of the signed-in user and accepts only their own role, so the role
 * is preset to it and the other is shown but not offered; the name starts as their full name.
 */

/** The API's rule (a role, a trimmed name of 1 to 100 characters), with words for a person. */
const joinForm = z.extend(z.omit(userSessionInput, { chatOpenedOnce: true }), {
  userName: z.string().check(z.trim(), z.minLength(1, 'Please enter your name'), z.maxLength(100, 'Your name must be at most 100 characters')),
});
type JoinValues = z.output<typeof joinForm>;

export function JoinChatDialog({ user, open, onOpenChange, onJoined }: { user: User; open: boolean; onOpenChange: (open: boolean) => void; onJoined: () => void }) {
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} title="Join Project Chat" description="Choose your role and enter your name to start chatting." widthClass="max-w-md">
      <JoinForm user={user} onJoined={onJoined} />
    </ModalDialog>
  );
}

function JoinForm({ user, onJoined }: { user: User; onJoined: () => void }) {
  const join = useSaveChatSession();
  const form = useForm<z.input<typeof joinForm>, unknown, JoinValues>({
    resolver: formResolver(joinForm),
    defaultValues: { userType: user.role, userName: `${user.firstName} ${user.lastName}`.trim() },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    join.mutate({ ...values, chatOpenedOnce: true }, {
      onSuccess: onJoined,
      onError: (error) => {
        setServerFieldErrors(error, form.setError, ['userType', 'userName']);
        toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, 'Failed to join the chat. Please try again.') });
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <fieldset className="grid gap-1.5" aria-describedby={errors.userType ? 'join-role-error' : undefined}>
        <legend className="mb-1.5 text-sm font-medium">Your Role</legend>
        <div className="grid grid-cols-2 gap-2">
          {readers.map((role) => {
            const own = role === user.role;
            return (
              <label
                key={role}
                className="flex cursor-pointer items-center gap-2 rounded-md border border-gray-300 px-3 py-2 text-sm font-medium has-checked:border-blue-600 has-checked:bg-blue-50 has-disabled:cursor-not-allowed has-disabled:opacity-50 dark:border-gray-700 dark:has-checked:border-blue-500 dark:has-checked:bg-blue-950/40"
              >
                <input type="radio" value={role} disabled={!own} className="size-4 accent-blue-600" {...form.register('userType')} />
                {roleLabels[role]}
              </label>
            );
          })}
        </div>
        <p className="text-xs text-gray-600 dark:text-gray-400">You are signed in as a {roleLabels[user.role].toLowerCase()}.</p>
        <FieldError id="join-role" error={errors.userType?.message} />
      </fieldset>
      <TextField id="join-name" label="Your Name" autoComplete="name" maxLength={100} error={errors.userName?.message} {...form.register('userName')} />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close type="button" className={buttonClass.secondary}>
          Cancel
        </Dialog.Close>
        <SubmitButton pending={join.isPending}>Join Chat</SubmitButton>
      </div>
    </form>
  );
}
