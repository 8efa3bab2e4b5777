import * as Dialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { displayName } from '../../events/projects/room-naming';
import { punchLimits } from '../../events/punch/model';
import { queries } from '../api/queries';
import { serverMessage } from '../api/errors';
import { buttonClass } from '../components/button';
import { ModalDialog } from '../components/dialog';
import { SelectField, SubmitButton, TextAreaField, TextField } from '../components/form';
import { toast } from '../components/toast';
import type { PunchItem } from '../../contract/punch';
import { addPunchItem, changePunchItem } from './punch-api';
import { PunchPhotoPicker } from './punch-photo-picker';
import { savedOffline } from './punch-words';

/**
 * Add punch item (issue 30), for either party: the room (and, optionally, one of its checklist
 * items), a title, a note, who must fix it (the contractor, or a trade named as text), a due date
 * and photos. Saved through the outbox, so it works offline. Fetched at its first opening.
 */
export default function AddPunchDialog({ projectId, open, onOpenChange, roomId }: { projectId: string; open: boolean; onOpenChange: (open: boolean) => void; roomId?: string }) {
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} title="Add punch item" description="Something still to fix: where it is, who fixes it and by when.">
      <PunchForm projectId={projectId} roomId={roomId} onDone={() => onOpenChange(false)} />
    </ModalDialog>
  );
}

/** Edit punch item: its author, or the contractor, while it is open (its room stays: a new item goes elsewhere). */
export function EditPunchDialog({ item, open, onOpenChange }: { item: PunchItem; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} title="Edit punch item">
      <PunchForm projectId={item.projectId} roomId={item.roomId} editing={item} onDone={() => onOpenChange(false)} />
    </ModalDialog>
  );
}

function PunchForm({ projectId, roomId: initialRoom, editing, onDone }: { projectId: string; roomId?: string; editing?: PunchItem; onDone: () => void }) {
  const queryClient = useQueryClient();
  const checklist = useQuery(queries.checklist(projectId));
  const rooms = checklist.data?.rooms ?? [];
  const id = useId();
  const [roomId, setRoomId] = useState(initialRoom ?? rooms[0]?.id ?? '');
  const [itemId, setItemId] = useState(editing?.itemId ?? '');
  const [title, setTitle] = useState(editing?.title ?? '');
  const [note, setNote] = useState(editing?.note ?? '');
  const [assignee, setAssignee] = useState<'contractor' | 'trade'>(editing?.assignee.kind ?? 'contractor');
  const [trade, setTrade] = useState(editing?.assignee.kind === 'trade' ? editing.assignee.name : '');
  const [dueDate, setDueDate] = useState(editing?.dueDate ?? '');
  const [photos, setPhotos] = useState<string[]>([...(editing?.photos ?? [])]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  // The rooms may come after the form (read meanwhile): the first one until one is chosen.
  const room = roomId || rooms[0]?.id || '';
  const items = rooms.find((entry) => entry.id === room)?.items ?? [];

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!room) found.roomId = 'Choose a room';
    if (!title.trim()) found.title = 'Title is required';
    else if (title.trim().length > punchLimits.title) found.title = `Title must be at most ${punchLimits.title} characters`;
    if (note.trim().length > punchLimits.note) found.note = `Note must be at most ${punchLimits.note} characters`;
    if (assignee === 'trade' && !trade.trim()) found.trade = 'A trade needs a name';
    else if (trade.trim().length > punchLimits.tradeName) found.trade = `The trade's name must be at most ${punchLimits.tradeName} characters`;
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      const fields = {
        itemId: itemId || null,
        title: title.trim(),
        note: note.trim(),
        assignee: assignee === 'trade' ? { kind: 'trade' as const, name: trade.trim() } : { kind: 'contractor' as const },
        dueDate: dueDate || null,
        photos,
      };
      const result = editing ? await changePunchItem(queryClient, editing, fields) : await addPunchItem(queryClient, projectId, { roomId: room, ...fields });
      toast(result.status === 'waiting' ? savedOffline : { title: editing ? 'Punch item saved' : 'Punch item added' });
      onDone();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, editing ? 'The punch item was not saved. Please try again.' : 'The punch item was not added. Please try again.') });
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${id}-room`} label="Room" error={errors.roomId} value={room} disabled={Boolean(editing)} onChange={(event) => (setRoomId(event.target.value), setItemId(''))}>
          {rooms.map((room) => (
            <option key={room.id} value={room.id}>
              {displayName(room)}
            </option>
          ))}
        </SelectField>
        <SelectField id={`${id}-item`} label="Checklist item (optional)" error={undefined} value={itemId} onChange={(event) => setItemId(event.target.value)}>
          <option value="">None</option>
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField id={`${id}-title`} label="Title" error={errors.title} value={title} maxLength={punchLimits.title} onChange={(event) => setTitle(event.target.value)} placeholder="Scratch on the vanity door" />
      <TextAreaField id={`${id}-note`} label="Note (optional)" error={errors.note} rows={3} value={note} maxLength={punchLimits.note} onChange={(event) => setNote(event.target.value)} />
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Who fixes it</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="inline-flex min-h-6 items-center gap-2 text-sm">
            <input type="radio" name={`${id}-assignee`} checked={assignee === 'contractor'} onChange={() => setAssignee('contractor')} className="size-4" />
            Contractor
          </label>
          <label className="inline-flex min-h-6 items-center gap-2 text-sm">
            <input type="radio" name={`${id}-assignee`} checked={assignee === 'trade'} onChange={() => setAssignee('trade')} className="size-4" />
            A trade
          </label>
        </div>
        {assignee === 'trade' && <TextField id={`${id}-trade`} label="Trade name" error={errors.trade} value={trade} maxLength={punchLimits.tradeName} onChange={(event) => setTrade(event.target.value)} placeholder="Painter" />}
      </fieldset>
      <TextField id={`${id}-due`} label="Due date (optional)" error={undefined} type="date" value={dueDate} onChange={(event) => setDueDate(event.target.value)} />
      <div className="grid gap-1.5">
        <span className="text-sm font-medium">Photos (optional)</span>
        <PunchPhotoPicker projectId={projectId} photos={photos} onChange={setPhotos} max={punchLimits.photos} />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close type="button" className={buttonClass.secondary}>
          Cancel
        </Dialog.Close>
        <SubmitButton pending={pending}>{editing ? 'Save' : 'Add punch item'}</SubmitButton>
      </div>
    </form>
  );
}
