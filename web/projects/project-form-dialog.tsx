import * as Dialog from '@radix-ui/react-dialog';
import type { UseMutationResult } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { projectInput } from '../../contract/project-inputs';
import { projectStatuses } from '../../events/projects/model';
import { serverMessage, setServerFieldErrors } from '../api/errors';
import { buttonClass } from '../components/button';
import { ModalDialog } from '../components/dialog';
import { SelectField, SubmitButton, TextAreaField, TextField } from '../components/form';
import type { RouteInputs } from '../../contract/inputs';
import type { Project } from '../../contract/projects';
import { useCreateProject, useUpdateProject } from './api';
import { statusLabel } from './status-badge';
import { formResolver } from '../components/form-resolver';

type FormValues = z.input<typeof projectInput>;
const formFields = ['name', 'address', 'clientName', 'clientEmail', 'clientPhone', 'status', 'startDate', 'targetCompletionDate', 'contractorNotes'] as const satisfies readonly (keyof FormValues)[];

const blankProject: FormValues = {
  name: '',
  clientName: '',
  address: '',
  clientEmail: '',
  clientPhone: '',
  status: 'active',
  startDate: '',
  targetCompletionDate: '',
  contractorNotes: '',
};

/** An existing project's values (a date input shows an unset date as empty). */
const valuesOf = (project: Project): FormValues => ({
  name: project.name,
  clientName: project.clientName,
  address: project.address,
  clientEmail: project.clientEmail ?? '',
  clientPhone: project.clientPhone ?? '',
  status: projectStatuses.find((status) => status === project.status) ?? 'active',
  contractorNotes: project.contractorNotes ?? '',
  startDate: project.startDate ?? '',
  targetCompletionDate: project.targetCompletionDate ?? '',
});

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** New Project (spec section 2): the 600 px dialog; 'Create Project' closes it once the lists are refreshed. */
export function NewProjectDialog({ open, onOpenChange }: DialogProps) {
  const create = useCreateProject();
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} title="New Project" description="Add a job site and the client it belongs to.">
      <ProjectForm initial={blankProject} mutation={create} submitLabel="Create Project" onDone={() => onOpenChange(false)} />
    </ModalDialog>
  );
}

export function EditProjectDialog({ project, open, onOpenChange, returnFocusTo }: DialogProps & { project: Project; returnFocusTo?: RefObject<HTMLElement | null> }) {
  const update = useUpdateProject(project.id);
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} returnFocusTo={returnFocusTo} title="Edit Project" description={project.name}>
      <ProjectForm initial={valuesOf(project)} mutation={update} submitLabel="Save Changes" onDone={() => onOpenChange(false)} />
    </ModalDialog>
  );
}

/**
 * The project fields. Mounted with the dialog's content, so every opening starts from `initial`.
 * Spec section 8: a failed create or update shows no error message; a 400 still puts the server's
 * per-field messages under the fields, and the dialog stays open.
 */
function ProjectForm({
  initial,
  mutation,
  submitLabel,
  onDone,
}: {
  initial: FormValues;
  mutation: UseMutationResult<Project, Error, RouteInputs['createProject']>;
  submitLabel: string;
  onDone: () => void;
}) {
  const form = useForm<FormValues, unknown, z.output<typeof projectInput>>({ resolver: formResolver(projectInput), defaultValues: initial });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: onDone,
      onError: (error) => {
        setServerFieldErrors(error, form.setError, formFields);
        // A refusal naming no field of the form (issue 31: 'Your plan allows 25 active projects') is said above its buttons.
        if (!formFields.some((field) => form.getFieldState(field).error)) form.setError('root.server', { type: 'server', message: serverMessage(error, 'The project could not be saved.') });
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="project-name" label="Project Name" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <TextField id="project-client-name" label="Client Name" autoComplete="off" error={errors.clientName?.message} {...form.register('clientName')} />
      </div>
      <TextField id="project-address" label="Project Address" autoComplete="off" error={errors.address?.message} {...form.register('address')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="project-client-email" label="Client Email" type="email" autoComplete="off" error={errors.clientEmail?.message} {...form.register('clientEmail')} />
        <TextField id="project-client-phone" label="Client Phone" type="tel" autoComplete="off" error={errors.clientPhone?.message} {...form.register('clientPhone')} />
      </div>
      <SelectField id="project-status" label="Status" error={errors.status?.message} {...form.register('status')}>
        {projectStatuses.map((status) => (
          <option key={status} value={status}>
            {statusLabel(status)}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="project-start-date" label="Start Date" type="date" error={errors.startDate?.message} {...form.register('startDate')} />
        <TextField id="project-target-date" label="Target Completion Date" type="date" error={errors.targetCompletionDate?.message} {...form.register('targetCompletionDate')} />
      </div>
      <TextAreaField id="project-notes" label="Contractor Notes" rows={3} error={errors.contractorNotes?.message} {...form.register('contractorNotes')} />
      {errors.root?.server && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errors.root.server.message}
        </p>
      )}
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close type="button" className={buttonClass.secondary}>
          Cancel
        </Dialog.Close>
        <SubmitButton pending={mutation.isPending}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
