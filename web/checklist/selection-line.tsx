import { Check, X } from 'lucide-react';
import type { ChecklistItem } from '../../contract/projects';
import { formatDate } from '../projects/format';
import ClientAnswer from './client-answer';
import { formatMoney } from './selection-format';

/**
 * Under the flags: allowance, cost (over the allowance in red), decide-by date, the approval or
 * decline, and for the client Approve / Decline. Drawn when any of these exists, and always for the
 * client (their buttons). Fetched with the first card that has it (selection.tsx `SelectionLine`).
 */
export default function SelectionLineBody({ item, client, decideBy }: { item: ChecklistItem; client: boolean; decideBy: string | null }) {
  const over = item.allowance !== null && item.cost !== null && item.cost > item.allowance;
  const figures = [
    item.allowance !== null && <span key="allowance">Allowance {formatMoney(item.allowance)}</span>,
    item.cost !== null && (
      <span key="cost" className={over ? 'font-semibold text-red-700 dark:text-red-300' : undefined}>
        Cost {formatMoney(item.cost)}
        {over && ` (over by ${formatMoney(item.cost - item.allowance!)})`}
      </span>
    ),
    decideBy && <span key="date">Decide by {formatDate(decideBy)}</span>,
  ].filter(Boolean);
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 px-1 text-xs text-gray-700 sm:px-0 dark:text-gray-300" data-testid="selection-line">
      {figures.length > 0 && <p className="flex flex-wrap gap-x-2">{figures}</p>}
      <ApprovalState item={item} />
      {client && <ClientAnswer item={item} />}
    </div>
  );
}

function ApprovalState({ item }: { item: ChecklistItem }) {
  const { approval } = item;
  if (!approval) return null;
  return approval.status === 'approved' ? (
    <p className="flex items-center gap-1 font-medium text-green-800 dark:text-green-300">
      <Check aria-hidden="true" className="size-3.5 shrink-0" />
      Approved by {approval.approvedBy.name} on {formatDate(approval.approvedAt)}
    </p>
  ) : (
    <p className="flex min-w-0 items-start gap-1 font-medium break-words text-red-800 dark:text-red-300" title={`Declined by ${approval.declinedBy.name} on ${formatDate(approval.declinedAt)}`}>
      <X aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span className="min-w-0">Declined: {approval.reason}</span>
    </p>
  );
}
