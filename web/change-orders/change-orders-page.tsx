import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FilePen, Plus } from 'lucide-react';
import { useState } from 'react';
import type { ChangeOrder } from '../../contract/change-orders';
import type { User } from '../../events/accounts/schemas';
import { queries } from '../api/queries';
import { buttonClass, linkClass } from '../components/button';
import { EmptyState, ListError, ListSpinner } from '../components/list-states';
import { ProjectSubpage } from '../auth/project-subpage';
import { useProjectLiveUpdates } from '../live/live-updates';
import { changeOrderQueries } from './api';
import { ChangeOrderFormDialog } from './change-order-form';
import { priceChangeText, scheduleChangeText, targetCompletionText } from './format';
import { StatusBadge } from './parts';
import { SendButton } from './send-button';

/**
 * A project's change orders (issue 30): the contractor drafts, edits and sends them, and makes a
 * new one to supersede a signed or declined one; the client lists those sent to them and opens
 * one to sign. What the signed ones add up to, and the target completion they move, heads the list.
 */
export function ChangeOrdersPage({ projectId, user }: { projectId: string; user: User }) {
  // The client's signature (or anyone's change) shows here as it happens.
  useProjectLiveUpdates(projectId);
  const list = useQuery(changeOrderQueries.list(projectId));
  const budget = useQuery(queries.budget(projectId));
  const [form, setForm] = useState<{
    editing?: ChangeOrder;
    supersedes?: ChangeOrder;
  } | null>(null);
  const contractor = user.role === 'contractor';
  const projectName = list.data?.[0]?.projectName;
  const target = budget.data ? targetCompletionText(budget.data) : null;

  return (
    <>
      <ProjectSubpage
        user={user}
        projectId={projectId}
        title="Change orders"
        projectName={projectName}
        width="max-w-4xl"
        action={
          contractor && (
            <button type="button" onClick={() => setForm({})} className={buttonClass.primary}>
              <Plus aria-hidden="true" className="size-4" />
              New change order
            </button>
          )
        }
      >
        {budget.data?.changeOrders && (
          <section aria-label="Signed change orders" className="grid gap-1 rounded-lg border border-gray-200 bg-white p-4 text-sm dark:border-gray-800 dark:bg-gray-900">
            <p>
              <span className="font-semibold">Signed change orders:</span> {budget.data.changeOrders.signed} · {priceChangeText(Math.round(budget.data.changeOrders.total * 100))} ·{' '}
              {scheduleChangeText(budget.data.changeOrders.scheduleDays)}
            </p>
            {target && <p data-testid="target-completion">{target}</p>}
          </section>
        )}

        {list.isPending ? (
          <ListSpinner label="Loading change orders" />
        ) : list.isError ? (
          <ListError what="the change orders" error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : list.data.length === 0 ? (
          <EmptyState icon={<FilePen aria-hidden="true" className="size-12 text-gray-400 dark:text-gray-500" />} title="No change orders yet">
            <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
              {contractor ? 'A change to the price or the schedule goes here, for the client to sign.' : 'Change orders your contractor sends you appear here.'}
            </p>
          </EmptyState>
        ) : (
          <ul aria-label="Change orders, newest first" className="grid gap-3">
            {list.data.map((changeOrder) => (
              <ChangeOrderCard
                key={changeOrder.id}
                changeOrder={changeOrder}
                contractor={contractor}
                onEdit={() => setForm({ editing: changeOrder })}
                onSupersede={() => setForm({ supersedes: changeOrder })}
              />
            ))}
          </ul>
        )}
      </ProjectSubpage>
      {contractor && (
        <ChangeOrderFormDialog projectId={projectId} open={form !== null} onOpenChange={(open) => !open && setForm(null)} editing={form?.editing} supersedes={form?.supersedes} />
      )}
    </>
  );
}

function ChangeOrderCard({ changeOrder, contractor, onEdit, onSupersede }: { changeOrder: ChangeOrder; contractor: boolean; onEdit: () => void; onSupersede: () => void }) {
  const answered = changeOrder.status === 'signed' || changeOrder.status === 'declined';
  return (
    <li className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-base font-semibold break-words">
          <Link to="/change-orders/$id" params={{ id: changeOrder.id }} className={linkClass}>
            {changeOrder.title}
          </Link>
        </h2>
        <StatusBadge status={changeOrder.status} />
      </div>
      <p className="text-sm text-gray-700 tabular-nums dark:text-gray-300">
        {priceChangeText(changeOrder.priceChangeCents)} · {scheduleChangeText(changeOrder.scheduleDays)}
        {changeOrder.items.length ? ` · ${changeOrder.items.map((item) => item.name).join(', ')}` : ''}
      </p>
      {changeOrder.supersededBy && <p className="text-sm font-medium text-gray-700 dark:text-gray-300">Superseded by “{changeOrder.supersededBy.title}”</p>}
      {contractor && (changeOrder.status === 'draft' || changeOrder.status === 'sent' || (answered && !changeOrder.supersededBy)) && (
        <div className="flex flex-wrap gap-2">
          {changeOrder.status === 'draft' && (
            <button type="button" onClick={onEdit} className={buttonClass.secondary}>
              Edit
            </button>
          )}
          {(changeOrder.status === 'draft' || changeOrder.status === 'sent') && (
            <SendButton changeOrder={changeOrder} look={changeOrder.status === 'draft' ? buttonClass.primary : buttonClass.secondary} />
          )}
          {answered && !changeOrder.supersededBy && (
            <button type="button" onClick={onSupersede} className={buttonClass.secondary}>
              New change order superseding it
            </button>
          )}
        </div>
      )}
    </li>
  );
}
