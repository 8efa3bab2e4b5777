import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ClipboardList, Plus } from 'lucide-react';
import { lazy, useState } from 'react';
import { queries } from '../api/queries';
import { buttonClass, linkClass } from '../components/button';
import { OnceOpened } from '../components/once-opened';
import { punchLine } from './punch-words';

// Fetched at its first opening (the checklist's first-draw budget).
const AddPunchDialog = lazy(() => import('./add-punch-dialog'));

/**
 * The punch list's line beside the checklist's progress (issue 30): 'Punch list: 4 open, 2
 * awaiting your check', linking to the punch list, and Add punch item. With nothing open or fixed
 * the counts are left out; the link and Add punch item stay. The counts are the checklist's read.
 */
export default function PunchSummary({ projectId, role }: { projectId: string; role: 'contractor' | 'client' }) {
  const counts = useQuery({ ...queries.checklistPart(projectId), select: (checklist) => checklist.punch });
  const [adding, setAdding] = useState(false);
  const line = counts.data && punchLine(counts.data, role);
  return (
    <section aria-label="Punch list" className="flex min-h-[5.5rem] flex-wrap items-center sm:min-h-[3.5rem] justify-between gap-x-4 gap-y-2 rounded-lg border border-gray-200 bg-white px-3 py-2 shadow-sm sm:px-4 dark:border-gray-800 dark:bg-gray-900">
      <Link to="/project/$id/punch-list" params={{ id: projectId }} className={`${linkClass} inline-flex min-h-6 items-center gap-2 text-sm`} data-testid="punch-summary">
        <ClipboardList aria-hidden="true" className="size-4 shrink-0" />
        {line ?? 'Punch list'}
      </Link>
      <button type="button" onClick={() => setAdding(true)} className={`${buttonClass.secondary} px-3 py-1.5`}>
        <Plus aria-hidden="true" className="size-4" />
        Add punch item
      </button>
      <OnceOpened open={adding}>
        <AddPunchDialog projectId={projectId} open={adding} onOpenChange={setAdding} />
      </OnceOpened>
    </section>
  );
}
