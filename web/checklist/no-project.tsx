import { FolderOpen } from 'lucide-react';
import type { Role } from '../../events/accounts/schemas';
import { EmptyState } from '../components/list-states';

/**
 * The checklist page when the user has no project (spec section 2). A client cannot create one:
 * they are told what the client dashboard tells them instead (issue 16).
 */
export default function NoProject({ role }: { role: Role }) {
  const [title, text] =
    role === 'client'
      ? ['No Projects Assigned', "You don't have any projects assigned to you yet. Contact your contractor to get access to your project."]
      : ['No Project Found', 'Create a project to get started with your construction checklist.'];
  return (
    <EmptyState icon={<FolderOpen aria-hidden="true" className="size-12 text-gray-400 dark:text-gray-500" />} title={title}>
      <p className="mt-2 max-w-md text-sm text-gray-600 dark:text-gray-400">{text}</p>
    </EmptyState>
  );
}
