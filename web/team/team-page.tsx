import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, LoaderCircle, UserMinus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { teamInviteInput, type Team, type TeamMember } from '../../contract/team';
import type { User } from '../../events/accounts/schemas';
import { callApi } from '../api/call';
import { serverMessage, setServerFieldErrors } from '../api/errors';
import { queryKeys } from '../api/query-keys';
import { AppHeader } from '../auth/app-header';
import { buttonClass, linkClass } from '../components/button';
import { SubmitButton, TextField } from '../components/form';
import { formResolver } from '../components/form-resolver';
import { toast } from '../components/toast';
import { useNeedsConnection } from '../offline/cache/needs-connection';

/**
 * The Team page (issue 31): the contractor company's accounts and the invitations waiting. The
 * owner invites a colleague by e-mail (a single-use link is mailed) and removes one; a colleague
 * sees the team. The server decides who may do what; the page only leaves out what it would refuse.
 */

const teamQuery = { queryKey: queryKeys.team, queryFn: () => callApi('getTeam') };

export function TeamPage({ user }: { user: User }) {
  const team = useQuery(teamQuery);
  return (
    <>
      <AppHeader user={user} />
      <main className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6">
        <Link to="/projects" className={`inline-flex items-center gap-1 justify-self-start text-sm ${linkClass}`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Link>
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold">Team</h1>
          <p className="text-sm text-gray-600 dark:text-gray-400">Everyone on your company’s account works on all of its projects.</p>
        </div>
        {team.isPending ? (
          <LoaderCircle role="status" aria-label="Loading the team" className="size-6 animate-spin text-gray-500" />
        ) : team.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {serverMessage(team.error, 'The team could not be loaded.')}
          </p>
        ) : (
          <>
            {team.data.canManage && <InviteSection team={team.data} />}
            <MembersSection team={team.data} />
          </>
        )}
      </main>
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6 dark:border-gray-800 dark:bg-gray-900">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

type InviteValues = z.input<typeof teamInviteInput>;

function InviteSection({ team }: { team: Team }) {
  const queryClient = useQueryClient();
  const form = useForm<InviteValues, unknown, z.output<typeof teamInviteInput>>({ resolver: formResolver(teamInviteInput), defaultValues: { email: '' } });
  const invite = useMutation({
    mutationFn: (body: z.output<typeof teamInviteInput>) => callApi('inviteColleague', { body }),
    onSuccess: async ({ email }) => {
      form.reset({ email: '' });
      toast({ title: 'Invitation sent', description: `A link to join your team was mailed to ${email}.` });
      await queryClient.invalidateQueries({ queryKey: queryKeys.team });
    },
    onError: (error) => {
      setServerFieldErrors(error, form.setError, ['email']);
      toast({ variant: 'destructive', title: 'Invitation not sent', description: serverMessage(error, 'The invitation could not be sent.') });
    },
  });
  const full = team.seats.used >= team.seats.limit;
  return (
    <Section id="invite-heading" title="Invite a Colleague">
      <form noValidate onSubmit={form.handleSubmit((values) => invite.mutate(values))} className="grid gap-4">
        <TextField id="invite-email" label="Email" type="email" autoComplete="off" error={form.formState.errors.email?.message} {...form.register('email')} />
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {team.seats.used} of {team.seats.limit} seats taken{full ? ': your plan has no seat left.' : '.'}
        </p>
        <SubmitButton pending={invite.isPending}>Send Invitation</SubmitButton>
      </form>
    </Section>
  );
}

const dateOf = (iso: string) => (iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : '');

function MembersSection({ team }: { team: Team }) {
  return (
    <Section id="members-heading" title="Members">
      <ul className="grid divide-y divide-gray-200 dark:divide-gray-800">
        {team.members.map((member) => (
          <li key={member.userId} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="grid min-w-0 gap-0.5">
              <span className="truncate font-medium">
                {member.name}
                {member.isYou && <span className="text-gray-600 dark:text-gray-400"> (you)</span>}
              </span>
              <span className="truncate text-sm text-gray-600 dark:text-gray-400">{member.email}</span>
            </div>
            <div className="flex items-center gap-3">
              <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800 dark:bg-gray-800 dark:text-gray-200">{member.role === 'owner' ? 'Owner' : 'Member'}</span>
              {team.canManage && member.role !== 'owner' && <RemoveButton member={member} />}
            </div>
          </li>
        ))}
      </ul>
      {team.invitations.length > 0 && (
        <>
          <h3 className="mt-6 text-sm font-semibold">Invitations waiting</h3>
          <ul className="mt-2 grid gap-1 text-sm">
            {team.invitations.map((invitation) => (
              <li key={invitation.email} className="flex flex-wrap justify-between gap-2">
                <span className="break-all">{invitation.email}</span>
                <span className="text-gray-600 dark:text-gray-400">until {dateOf(invitation.expiresAt)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

function RemoveButton({ member }: { member: TeamMember }) {
  const queryClient = useQueryClient();
  const needs = useNeedsConnection();
  const remove = useMutation({
    mutationFn: () => callApi('removeColleague', { params: { id: member.userId } }),
    onSuccess: async () => {
      toast({ title: `${member.name} removed from the team` });
      await queryClient.invalidateQueries({ queryKey: queryKeys.team });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Not removed', description: serverMessage(error, 'The colleague could not be removed.') }),
  });
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger className={buttonClass.secondary} disabled={remove.isPending || needs.offline} {...needs.props} aria-label={`Remove ${member.name}`}>
        <UserMinus aria-hidden="true" className="size-4" />
        Remove
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-gray-200 bg-white p-6 text-gray-900 shadow-xl focus:outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100">
          <AlertDialog.Title className="text-lg font-semibold">Remove {member.name}?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-600 dark:text-gray-400">
            They are signed out at once and no longer see your company’s projects. What they did stays in the projects’ history.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass.secondary}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass.danger} onClick={() => remove.mutate()}>
              Remove
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
