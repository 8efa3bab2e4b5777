import * as AlertDialog from '@radix-ui/react-alert-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Eye, Mail, MapPin, MoreVertical, Pencil, Phone, Trash2, User } from 'lucide-react';
import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { buttonClass, iconButtonClass } from '../components/button';
import { ModalDialog, overlayClass, panelClass } from '../components/dialog';
import { menuItemClass, menuPanelClass, menuSeparatorClass } from '../components/menu-look';
import type { ProjectWithStats } from '../../contract/projects';
import { KeepOfflineToggle } from '../offline/cache/keep-offline-toggle';
import { useDeleteProject } from './api';
import { formatDate } from './format';
import { OverallProgress } from './progress-bar';
import { ProjectDates } from './project-dates';
import { EditProjectDialog } from './project-form-dialog';
import { StatusBadge } from './status-badge';

type OpenDialog = 'details' | 'edit' | 'delete' | null;

/**
 * One project on the contractor's screen (spec section 2): name, status, client, address,
 * Overall Progress, rooms, a View Project link and a menu (View Details, Edit Project, Delete Project).
 */
export function ProjectCard({ project }: { project: ProjectWithStats }) {
  const nameId = useId();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const menuTrigger = useRef<HTMLButtonElement>(null);
  const dialogProps = (which: Exclude<OpenDialog, null>) => ({
    open: dialog === which,
    onOpenChange: (open: boolean) => setDialog(open ? which : null),
    // The menu item that opened the dialog is gone by then: back to the menu's button.
    returnFocusTo: menuTrigger,
  });

  return (
    <article aria-labelledby={nameId} className="flex min-w-0 flex-col rounded-lg border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900">
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1.5">
          <h3 id={nameId} className="text-lg leading-snug font-semibold break-words">
            {project.name}
          </h3>
          <div>
            <StatusBadge status={project.status} />
          </div>
        </div>
        <ProjectMenu triggerRef={menuTrigger} onSelect={setDialog} />
      </div>

      <ul className="mt-4 grid gap-2 text-sm text-gray-700 dark:text-gray-300">
        <Detail icon={User} label="Client">
          {project.clientName}
        </Detail>
        {project.clientEmail && (
          <Detail icon={Mail} label="Client email">
            <a href={`mailto:${project.clientEmail}`} className="break-all hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-blue-600">
              {project.clientEmail}
            </a>
          </Detail>
        )}
        {project.clientPhone && (
          <Detail icon={Phone} label="Client phone">
            <a href={`tel:${project.clientPhone}`} className="hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-blue-600">
              {project.clientPhone}
            </a>
          </Detail>
        )}
        <Detail icon={MapPin} label="Address">
          {project.address}
        </Detail>
      </ul>
      <ProjectDates project={project} className="mt-2" />

      {/* Pushed to the bottom, so the bars and buttons line up across a row of cards. */}
      <div className="mt-auto grid gap-4 pt-5">
        <OverallProgress percent={project.overallCompletion} />
        <dl className="grid grid-cols-2 gap-3 text-center">
          <RoomCount label="Total Rooms" value={project.totalRooms} />
          <RoomCount label="Completed" value={project.completedRooms} />
        </dl>
        {/* Within the app (no new page load): what the list read stays in memory, to be kept on the device (issue 29). */}
        <Link to="/$checklist/$id" params={{ checklist: 'project', id: project.id }} className={`${buttonClass.primary} w-full`}>
          View Project
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
        {/* Issue 29: kept on this device, to open with no signal. */}
        <KeepOfflineToggle projectId={project.id} className={`${buttonClass.secondary} -mt-2 w-full`} iconClass="size-4" />
      </div>

      <ProjectDetailsDialog project={project} {...dialogProps('details')} />
      <EditProjectDialog project={project} {...dialogProps('edit')} />
      <DeleteProjectDialog project={project} {...dialogProps('delete')} />
    </article>
  );
}

function Detail({ icon: Icon, label, children }: { icon: typeof User; label: string; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-start gap-2">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-400 dark:text-gray-500" />
      <span className="sr-only">{label}: </span>
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

function RoomCount({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md bg-gray-50 px-2 py-2 dark:bg-gray-800/60">
      <dt className="text-xs text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function ProjectMenu({ triggerRef, onSelect }: { triggerRef: RefObject<HTMLButtonElement | null>; onSelect: (dialog: Exclude<OpenDialog, null>) => void }) {
  return (
    // Not modal: a dialog opened from an item takes the focus without the menu's focus return fighting it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger ref={triggerRef} aria-label="Project actions" className={`${iconButtonClass} -mt-1 -mr-2 data-[state=open]:bg-gray-100 dark:data-[state=open]:bg-gray-800`}>
        <MoreVertical aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className={`z-40 min-w-44 ${menuPanelClass}`}
        >
          <DropdownMenu.Item className={menuItemClass} onSelect={() => onSelect('details')}>
            <Eye aria-hidden="true" className="size-4" />
            View Details
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItemClass} onSelect={() => onSelect('edit')}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit Project
          </DropdownMenu.Item>
          <DropdownMenu.Separator className={menuSeparatorClass} />
          <DropdownMenu.Item className={`${menuItemClass} text-red-600 dark:text-red-400`} onSelect={() => onSelect('delete')}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete Project
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

interface DialogProps {
  project: ProjectWithStats;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

const notGiven = <span className="text-gray-500 italic dark:text-gray-400">Not provided</span>;

/** View Details: every field, read-only. */
function ProjectDetailsDialog({ project, open, onOpenChange, returnFocusTo }: DialogProps) {
  const rows: [string, ReactNode][] = [
    ['Project Name', project.name],
    ['Status', <StatusBadge key="status" status={project.status} />],
    ['Project Address', project.address],
    ['Client Name', project.clientName],
    ['Client Email', project.clientEmail],
    ['Client Phone', project.clientPhone],
    ['Start Date', project.startDate && formatDate(project.startDate)],
    ['Target Completion', project.targetCompletionDate && formatDate(project.targetCompletionDate)],
    ['Lock Box Code', project.lockBoxCode],
    ['Overall Progress', `${project.overallCompletion}%`],
    ['Rooms', `${project.completedRooms} of ${project.totalRooms} completed`],
    ['Created', formatDate(project.createdAt)],
    ['Last Updated', formatDate(project.updatedAt)],
  ];
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} returnFocusTo={returnFocusTo} title="Project Details" description={project.name}>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-0.5 sm:contents">
            <dt className="font-medium text-gray-600 dark:text-gray-400">{label}</dt>
            <dd className="min-w-0 break-words">{value || notGiven}</dd>
          </div>
        ))}
        <div className="grid gap-1 sm:col-span-2">
          <dt className="font-medium text-gray-600 dark:text-gray-400">Contractor Notes</dt>
          <dd className="min-w-0 rounded-md bg-gray-50 p-3 break-words whitespace-pre-wrap dark:bg-gray-800/60">{project.contractorNotes || notGiven}</dd>
        </div>
      </dl>
    </ModalDialog>
  );
}

/** Spec section 2: Delete asks first. Spec section 8: a failed delete shows no message; the dialog stays open. */
function DeleteProjectDialog({ project, open, onOpenChange, returnFocusTo }: DialogProps) {
  const remove = useDeleteProject(project.id);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content
          className={`${panelClass} max-w-md`}
          onCloseAutoFocus={(event) => {
            // After a delete the card (and its menu button) is gone; then the browser's default applies.
            if (!returnFocusTo.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
        >
          <AlertDialog.Title className="text-lg font-semibold">Delete Project</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-600 dark:text-gray-400">
            Are you sure you want to delete this project? This action cannot be undone.
          </AlertDialog.Description>
          <p className="mt-3 rounded-md bg-gray-50 px-3 py-2 text-sm font-medium break-words dark:bg-gray-800/60">{project.name}</p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass.secondary} disabled={remove.isPending}>
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass.danger}
              disabled={remove.isPending}
              aria-busy={remove.isPending}
              onClick={(event) => {
                // Stay open until the project is gone from the lists.
                event.preventDefault();
                remove.mutate(undefined, { onSuccess: () => onOpenChange(false) });
              }}
            >
              Delete
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
