import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import type { ChecklistItem } from '../../contract/projects';
import { declineReasonInput } from '../../contract/project-inputs';
import { limits } from '../../events/projects/model';
import { serverMessage, setServerFieldErrors } from '../api/errors';
import { buttonClass } from '../components/button';
import { ModalDialog } from '../components/dialog';
import { SubmitButton, TextAreaField } from '../components/form';
import { LengthCounter } from '../components/length-counter';
import { toast } from '../components/toast';
import { answerSelection, changedSelection } from './api';
import { formResolver } from '../components/form-resolver';

/**
 * The client's Decline (issue 18): a reason is required, at most 500 characters (the API's rule,
 * `declineReasonInput`); the decline is recorded against the selection the card shows. If that
 * changed meanwhile, nothing is recorded: the dialog closes on the card showing the new selection.
 * Fetched at its first opening.
 */
export default function DeclineDialog({
  item,
  open,
  onOpenChange,
  onDeclined,
  returnFocusTo,
}: {
  item: ChecklistItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeclined: (item: ChecklistItem) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} title="Decline selection" description={`Tell your contractor why ${item.name} does not work for you.`} widthClass="max-w-md" returnFocusTo={returnFocusTo}>
      <DeclineForm item={item} onDone={(declined) => (declined && onDeclined(declined), onOpenChange(false))} />
    </ModalDialog>
  );
}

type Values = z.input<typeof declineReasonInput>;

function DeclineForm({ item, onDone }: { item: ChecklistItem; onDone: (item?: ChecklistItem) => void }) {
  const form = useForm<Values, unknown, z.output<typeof declineReasonInput>>({ resolver: formResolver(declineReasonInput), defaultValues: { reason: '' } });
  const queryClient = useQueryClient();
  const decline = useMutation({
    networkMode: 'always',
    mutationFn: ({ reason }: z.output<typeof declineReasonInput>) => answerSelection(queryClient, item, { reason }),
    // Offline the card shows the decline until the server has it (or refuses it, the selection having changed).
    onSuccess: (result) => onDone(result.status === 'sent' ? (result.answer as ChecklistItem) : undefined),
    onError: (error) => {
      const current = changedSelection(error);
      if (current) onDone(current);
      else setServerFieldErrors(error, form.setError, ['reason']);
      toast({ variant: 'destructive', title: current ? 'Selection changed' : 'Error', description: serverMessage(error, 'Failed to decline. Please try again.') });
    },
  });
  const reason = form.watch('reason') ?? '';
  const error = form.formState.errors.reason?.message;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => decline.mutate(values))} className="grid gap-4">
      <div className="grid gap-1">
        <TextAreaField id={`decline-reason-${item.id}`} label="Reason" rows={4} error={error && `Reason ${error.replace(/^Reason /, '')}`} {...form.register('reason')} />
        <LengthCounter id={`decline-reason-${item.id}-length`} length={reason.length} max={limits.declineReason} refusal={`Reason must be at most ${limits.declineReason} characters`} />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close type="button" className={buttonClass.secondary}>
          Cancel
        </Dialog.Close>
        <SubmitButton pending={decline.isPending}>Decline</SubmitButton>
      </div>
    </form>
  );
}
