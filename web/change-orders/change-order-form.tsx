import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { ChangeOrder } from '../../contract/change-orders';
import { changeOrderLimits } from '../../events/change-orders/terms';
import { displayName } from '../../events/projects/room-naming';
import { callApi } from '../api/call';
import { ApiError } from '../api/client';
import { serverMessage } from '../api/errors';
import { queries } from '../api/queries';
import { buttonClass } from '../components/button';
import { ModalDialog } from '../components/dialog';
import { FieldError, SubmitButton, TextAreaField, TextField } from '../components/form';
import { toast } from '../components/toast';
import { settled } from './api';
import { centsOf, dollarsOf } from './format';

/**
 * New change order, or a draft's changes (issue 30): title, description, the checklist items it
 * touches (the project's, by room), the price change in dollars (+ or −: a project-level
 * adjustment of the budget once signed) and the schedule change in days. `supersedes`: the signed
 * or declined one it replaces.
 */
export function ChangeOrderFormDialog({
  projectId,
  open,
  onOpenChange,
  editing,
  supersedes,
}: {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing?: ChangeOrder;
  supersedes?: ChangeOrder;
}) {
  const title = editing ? 'Edit change order' : supersedes ? `New change order superseding “${supersedes.title}”` : 'New change order';
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} title={title} description="Nothing changes in the budget or the dates until the client signs it.">
      <ChangeOrderForm projectId={projectId} editing={editing} supersedes={supersedes} onDone={() => onOpenChange(false)} />
    </ModalDialog>
  );
}

type Errors = Partial<Record<'title' | 'description' | 'itemIds' | 'price' | 'scheduleDays' | 'form', string>>;

function ChangeOrderForm({ projectId, editing, supersedes, onDone }: { projectId: string; editing?: ChangeOrder; supersedes?: ChangeOrder; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const start = editing ?? supersedes;
  const [values, setValues] = useState({
    title: start?.title ?? '',
    description: start?.description ?? '',
    itemIds: start?.itemIds ?? [],
    price: start ? dollarsOf(start.priceChangeCents) : '',
    scheduleDays: start ? String(start.scheduleDays) : '0',
  });
  const [errors, setErrors] = useState<Errors>({});
  const checklist = useQuery(queries.checklist(projectId));

  const save = useMutation({
    mutationFn: (body: { title: string; description: string; itemIds: string[]; priceChangeCents: number; scheduleDays: number }) =>
      editing
        ? callApi('patchChangeOrder', { params: { id: editing.id }, body })
        : callApi('createChangeOrder', {
            params: { id: projectId },
            body: {
              ...body,
              ...(supersedes ? { supersedes: supersedes.id } : {}),
            },
          }),
    onSuccess: async (saved) => {
      await settled(queryClient, saved);
      toast({
        title: editing ? 'Change order saved' : 'Change order drafted',
        description: saved.title,
      });
      onDone();
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? ((error.body as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors ?? {}) : {};
      const first = (name: string) => Object.entries(fields).find(([field]) => field === name || field.startsWith(`${name}.`))?.[1]?.[0];
      setErrors({
        title: first('title'),
        description: first('description'),
        itemIds: first('itemIds'),
        price: first('priceChangeCents'),
        scheduleDays: first('scheduleDays'),
        form: Object.keys(fields).length ? undefined : serverMessage(error, 'Could not save the change order.'),
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = centsOf(values.price);
    const days = /^[+-]?\d+$/.test(values.scheduleDays.trim()) ? Number(values.scheduleDays.trim()) : undefined;
    const found: Errors = {
      title: values.title.trim() ? undefined : 'Title is required',
      price:
        cents === undefined
          ? 'Enter an amount in dollars, e.g. 340 or -25.50'
          : Math.abs(cents) > changeOrderLimits.priceChangeCents
            ? 'At most $1,000,000.00 either way'
            : undefined,
      scheduleDays:
        days === undefined
          ? 'Enter a whole number of days, e.g. 5 or -2'
          : Math.abs(days) > changeOrderLimits.scheduleDays
            ? `At most ${changeOrderLimits.scheduleDays} days either way`
            : undefined,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    save.mutate({
      title: values.title,
      description: values.description,
      itemIds: values.itemIds,
      priceChangeCents: cents!,
      scheduleDays: days!,
    });
  };

  const set = (name: keyof typeof values) => (event: { target: { value: string } }) => setValues((was) => ({ ...was, [name]: event.target.value }));
  const toggleItem = (itemId: string, on: boolean) =>
    setValues((was) => ({
      ...was,
      itemIds: on ? [...was.itemIds, itemId] : was.itemIds.filter((other) => other !== itemId),
    }));

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <TextField id={`${id}-title`} label="Title" value={values.title} onChange={set('title')} maxLength={changeOrderLimits.title} error={errors.title} required />
      <TextAreaField
        id={`${id}-description`}
        label="Description"
        value={values.description}
        onChange={set('description')}
        maxLength={changeOrderLimits.description}
        error={errors.description}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-price`} label="Price change ($, + or −)" inputMode="decimal" value={values.price} onChange={set('price')} placeholder="340.00" error={errors.price} />
        <TextField
          id={`${id}-days`}
          label="Schedule change (days, + or −)"
          inputMode="numeric"
          value={values.scheduleDays}
          onChange={set('scheduleDays')}
          error={errors.scheduleDays}
        />
      </div>
      <fieldset className="grid gap-2" aria-describedby={errors.itemIds ? `${id}-items-error` : undefined}>
        <legend className="text-sm font-medium">Checklist items it changes</legend>
        <div className="max-h-56 overflow-y-auto rounded-md border border-gray-200 p-2 dark:border-gray-700">
          {checklist.data ? (
            checklist.data.rooms
              .filter((room) => room.items.length)
              .map((room) => (
                <div key={room.id} className="grid gap-1 py-1">
                  <p className="text-xs font-semibold text-gray-600 uppercase dark:text-gray-400">{displayName(room)}</p>
                  {room.items.map((item) => (
                    <label key={item.id} className="flex min-h-8 items-center gap-2 text-sm">
                      <input type="checkbox" className="size-4" checked={values.itemIds.includes(item.id)} onChange={(event) => toggleItem(item.id, event.target.checked)} />
                      <span className="break-words">{item.name}</span>
                    </label>
                  ))}
                </div>
              ))
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-400">{checklist.isError ? 'Could not load the checklist items.' : 'Loading items...'}</p>
          )}
        </div>
        <FieldError id={`${id}-items`} error={errors.itemIds} />
      </fieldset>
      {errors.form && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onDone} className={buttonClass.secondary}>
          Cancel
        </button>
        <SubmitButton pending={save.isPending}>{editing ? 'Save changes' : 'Save draft'}</SubmitButton>
      </div>
    </form>
  );
}
