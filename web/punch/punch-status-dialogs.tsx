import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { PunchItem } from '../../contract/punch';
import { punchLimits } from '../../events/punch/model';
import { serverMessage } from '../api/errors';
import { buttonClass } from '../components/button';
import { ModalDialog } from '../components/dialog';
import { SubmitButton, TextAreaField } from '../components/form';
import { toast } from '../components/toast';
import { changePunchItem } from './punch-api';
import { PunchPhotoPicker } from './punch-photo-picker';
import { savedOffline } from './punch-words';

/**
 * The punch item's two dialogs with a text (issue 30): Mark fixed (the contractor: an optional
 * note and photo of the fix) and Reopen (the client: the reason is required). Fetched at their
 * first opening; saved through the outbox.
 */

type DialogProps = { item: PunchItem; open: boolean; onOpenChange: (open: boolean) => void };

export function MarkFixedDialog({ item, open, onOpenChange }: DialogProps) {
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} title="Mark fixed" description={`Tell the client "${item.title}" is fixed: they check it and accept it.`} widthClass="max-w-md">
      <StatusForm item={item} onDone={() => onOpenChange(false)} kind="fixed" />
    </ModalDialog>
  );
}

export function ReopenDialog({ item, open, onOpenChange }: DialogProps) {
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} title="Reopen punch item" description={`Tell your contractor why "${item.title}" is not fixed.`} widthClass="max-w-md">
      <StatusForm item={item} onDone={() => onOpenChange(false)} kind="reopened" />
    </ModalDialog>
  );
}

function StatusForm({ item, kind, onDone }: { item: PunchItem; kind: 'fixed' | 'reopened'; onDone: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (kind === 'reopened' && !value) return setError('A reason is required to reopen a punch item');
    if (value.length > punchLimits.note) return setError(`must be at most ${punchLimits.note} characters`);
    setPending(true);
    try {
      const change = kind === 'fixed' ? { status: 'fixed' as const, fixNote: value, fixPhoto: photos[0] ?? null } : { status: 'reopened' as const, reason: value };
      const result = await changePunchItem(queryClient, item, change);
      toast(result.status === 'waiting' ? savedOffline : { title: kind === 'fixed' ? 'Marked fixed' : 'Punch item reopened' });
      onDone();
    } catch (failure) {
      toast({ variant: 'destructive', title: 'Error', description: serverMessage(failure, 'The change was not saved. Please try again.') });
    } finally {
      setPending(false);
    }
  };
  return (
    <form noValidate onSubmit={(event) => void save(event)} className="grid gap-4">
      <TextAreaField id={`${id}-text`} label={kind === 'fixed' ? 'Note (optional)' : 'Reason'} error={error} rows={3} value={text} maxLength={punchLimits.note} onChange={(event) => setText(event.target.value)} />
      {kind === 'fixed' && (
        <div className="grid gap-1.5">
          <span className="text-sm font-medium">Photo of the fix (optional)</span>
          <PunchPhotoPicker projectId={item.projectId} photos={photos} onChange={setPhotos} max={1} />
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close type="button" className={buttonClass.secondary}>
          Cancel
        </Dialog.Close>
        <SubmitButton pending={pending}>{kind === 'fixed' ? 'Mark fixed' : 'Reopen'}</SubmitButton>
      </div>
    </form>
  );
}
