import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, FileDown, LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { ChangeOrder } from '../../contract/change-orders';
import type { User } from '../../events/accounts/schemas';
import { changeOrderLimits } from '../../events/change-orders/terms';
import { callApi } from '../api/call';
import { ApiError } from '../api/client';
import { serverMessage } from '../api/errors';
import { AppHeader } from '../auth/app-header';
import { buttonClass, linkClass } from '../components/button';
import { FieldError, TextAreaField, TextField } from '../components/form';
import { ListError, ListSpinner } from '../components/list-states';
import { ThemeToggle } from '../components/theme';
import { useProjectLiveUpdates } from '../live/live-updates';
import { toast } from '../components/toast';
import { useNeedsConnection } from '../offline/cache/needs-connection';
import { changeOrderQueries, downloadChangeOrderPdf, settled } from './api';
import { AnswerBlock, DocumentView, StatusBadge } from './parts';
import { SendButton } from './send-button';

export const CONSENT_TEXT = 'I agree to this change order and its price and schedule changes';

/**
 * One change order (issue 30), the page its mail links to, made for a phone: the whole change
 * order first, then, for the client while it awaits them, their typed full name and a consent
 * checkbox to sign it, or a reason to decline it. Signed, its signature (name, time, the hash of
 * what was signed) and the PDF. Signing, declining and the PDF need the server now: offline they
 * are off ('Needs a connection').
 */
export function ChangeOrderPage({ changeOrderId, user }: { changeOrderId: string; user: User }) {
  const read = useQuery(changeOrderQueries.one(changeOrderId));
  const changeOrder = read.data;
  const checklist = user.role === 'contractor' ? 'project' : 'client-project';
  return (
    <>
      <AppHeader user={user}>
        <ThemeToggle />
      </AppHeader>
      <main className="mx-auto grid w-full max-w-2xl gap-5 px-4 py-6 sm:px-6 sm:py-8">
        {changeOrder && (
          <Link to="/project/$id/change-orders" params={{ id: changeOrder.projectId }} className={`${linkClass} inline-flex min-h-6 items-center gap-1 justify-self-start text-sm`}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            All change orders
          </Link>
        )}
        {read.isPending ? (
          <ListSpinner label="Loading the change order" />
        ) : read.isError ? (
          <ListError what="the change order" error={read.error} onRetry={() => void read.refetch()} retrying={read.isFetching} />
        ) : (
          <>
            <article aria-labelledby="change-order-title" className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6 dark:border-gray-800 dark:bg-gray-900">
              <div className="grid gap-1">
                <p className="text-sm text-gray-600 dark:text-gray-400">Change order · {changeOrder!.projectName}</p>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h1 id="change-order-title" className="min-w-0 text-xl font-bold break-words sm:text-2xl">
                    {changeOrder!.title}
                  </h1>
                  <StatusBadge status={changeOrder!.status} />
                </div>
              </div>
              <DocumentView changeOrder={changeOrder!} />
              <AnswerBlock changeOrder={changeOrder!} />
            </article>
            <LiveUpdates projectId={changeOrder!.projectId} />
            {user.role === 'client' && changeOrder!.status === 'sent' && <SignForm changeOrder={changeOrder!} />}
            {user.role === 'contractor' && (changeOrder!.status === 'draft' || changeOrder!.status === 'sent') && (
              <SendButton changeOrder={changeOrder!} look={`${buttonClass.primary} justify-self-start`} />
            )}
            {changeOrder!.status !== 'draft' && <PdfButton changeOrder={changeOrder!} />}
            <Link to="/$checklist/$id" params={{ checklist, id: changeOrder!.projectId }} className={`${linkClass} justify-self-start text-sm`}>
              Open the checklist
            </Link>
          </>
        )}
      </main>
    </>
  );
}

/** The project's live notices, once the change order names its project: a signature or an edit shows as it happens. */
function LiveUpdates({ projectId }: { projectId: string }) {
  useProjectLiveUpdates(projectId);
  return null;
}

function PdfButton({ changeOrder }: { changeOrder: ChangeOrder }) {
  const needs = useNeedsConnection();
  const download = useMutation({
    mutationFn: () => downloadChangeOrderPdf(changeOrder),
    onError: (error) =>
      toast({
        title: 'Download failed',
        description: serverMessage(error, 'Could not make the PDF. Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <div>
      {needs.reason}
      <button
        type="button"
        onClick={() => download.mutate()}
        disabled={download.isPending || needs.offline}
        aria-busy={download.isPending}
        {...needs.props}
        className={`${buttonClass.secondary} w-full sm:w-auto`}
      >
        {download.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <FileDown aria-hidden="true" className="size-4" />}
        Download PDF
      </button>
    </div>
  );
}

/** The client's answer: sign (full name + consent) or decline (a reason), each sending the hash of the document they read. */
function SignForm({ changeOrder }: { changeOrder: ChangeOrder }) {
  const id = useId();
  const queryClient = useQueryClient();
  const needs = useNeedsConnection();
  const [fullName, setFullName] = useState('');
  const [consent, setConsent] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{
    fullName?: string;
    consent?: string;
    reason?: string;
    form?: string;
  }>({});

  const refused = async (error: unknown) => {
    const fields = error instanceof ApiError ? ((error.body as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors ?? {}) : {};
    // The change order changed since it was read: show the current one, to be read again.
    if (fields.documentHash)
      await queryClient.invalidateQueries({
        queryKey: changeOrderQueries.one(changeOrder.id).queryKey,
      });
    setErrors({
      fullName: fields.fullName?.[0],
      consent: fields.consent?.[0],
      reason: fields.reason?.[0],
      form: fields.documentHash?.[0] ?? (Object.keys(fields).length ? undefined : serverMessage(error, 'Could not record your answer. Please try again.')),
    });
  };
  const sign = useMutation({
    mutationFn: () =>
      callApi('signChangeOrder', {
        params: { id: changeOrder.id },
        body: { fullName, consent, documentHash: changeOrder.documentHash },
      }),
    onSuccess: async (signed) => {
      await settled(queryClient, signed);
      toast({
        title: 'Change order signed',
        description: `You signed “${signed.title}”.`,
      });
    },
    onError: refused,
  });
  const decline = useMutation({
    mutationFn: () =>
      callApi('declineChangeOrder', {
        params: { id: changeOrder.id },
        body: { reason, documentHash: changeOrder.documentHash },
      }),
    onSuccess: async (declined) => {
      await settled(queryClient, declined);
      toast({
        title: 'Change order declined',
        description: `Your contractor sees why you declined “${declined.title}”.`,
      });
    },
    onError: refused,
  });

  const submitSign = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      fullName: fullName.trim() ? undefined : 'Type your full name',
      consent: consent ? undefined : 'Tick the box to agree to this change order',
    };
    setErrors(found);
    if (!found.fullName && !found.consent) sign.mutate();
  };
  const submitDecline = (event: FormEvent) => {
    event.preventDefault();
    const found = { reason: reason.trim() ? undefined : 'Reason is required' };
    setErrors(found);
    if (!found.reason) decline.mutate();
  };

  if (declining) {
    return (
      <form
        onSubmit={submitDecline}
        noValidate
        aria-label="Decline the change order"
        className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6 dark:border-gray-800 dark:bg-gray-900"
      >
        <h2 className="text-lg font-semibold">Decline</h2>
        <TextAreaField
          id={`${id}-reason`}
          label="Why are you declining it?"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={changeOrderLimits.reason}
          error={errors.reason}
        />
        {errors.form && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {errors.form}
          </p>
        )}
        {needs.reason}
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={decline.isPending || needs.offline} aria-busy={decline.isPending} {...needs.props} className={`${buttonClass.danger} grow sm:grow-0`}>
            {decline.isPending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
            Decline change order
          </button>
          <button type="button" onClick={() => setDeclining(false)} className={`${buttonClass.secondary} grow sm:grow-0`}>
            Back to signing
          </button>
        </div>
      </form>
    );
  }

  return (
    <form
      onSubmit={submitSign}
      noValidate
      aria-label="Sign the change order"
      className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 className="text-lg font-semibold">Sign</h2>
      <TextField
        id={`${id}-name`}
        label="Type your full name"
        autoComplete="name"
        value={fullName}
        onChange={(event) => setFullName(event.target.value)}
        maxLength={changeOrderLimits.fullName}
        error={errors.fullName}
      />
      <div className="grid gap-1">
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0"
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
          />
          <span>{CONSENT_TEXT}</span>
        </label>
        <FieldError id={`${id}-consent`} error={errors.consent} />
      </div>
      {errors.form && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errors.form}
        </p>
      )}
      {needs.reason}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={sign.isPending || needs.offline} aria-busy={sign.isPending} {...needs.props} className={`${buttonClass.primary} grow sm:grow-0`}>
          {sign.isPending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          Sign change order
        </button>
        <button type="button" onClick={() => setDeclining(true)} className={`${buttonClass.secondary} grow sm:grow-0`}>
          Decline
        </button>
      </div>
    </form>
  );
}
