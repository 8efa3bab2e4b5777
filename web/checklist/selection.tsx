import { CircleDollarSign } from 'lucide-react';
import { lazy, Suspense, use, useMemo, type ReactNode } from 'react';
import type { Role } from '../../events/accounts/schemas';
import type { ChecklistItem, Decision, Project } from '../../contract/projects';
import { formatDate } from '../projects/format';
import type { RouteInputs } from '../../contract/inputs';
import { useSelectionFigures } from './selection-figures';
import { DecisionsContext, SelectionFiguresContext } from './selection-format';
import { cardIconButtonClass } from './ui';

/**
 * An item card's part of issue 18's selections: its budget and decide-by date at a glance, the
 * client's approval or decline of the selection (shown to both people), the Approve and Decline
 * buttons of the client, the mark of an overdue decision, and the button opening the budget and
 * date fields. The fields are fetched when first opened, the client's buttons with the first card.
 */

const ItemBudgetFields = lazy(() => import('./item-budget-fields'));
const SelectionLineBody = lazy(() => import('./selection-line'));

/**
 * The project's decisions due and budget for everything below (selection-figures.ts), once the
 * rooms are drawn (`ready`). The cards' map changes only when the decisions do.
 */
export function SelectionProvider({ project, ready, children }: { project: Project; ready: boolean; children: ReactNode }) {
  const figures = useSelectionFigures(project.id, project.targetCompletionDate, ready);
  const byItem = useMemo(() => new Map(figures.decisions.map((decision) => [decision.itemId, decision])), [figures.decisions]);
  return (
    <SelectionFiguresContext value={figures}>
      <DecisionsContext value={byItem}>{children}</DecisionsContext>
    </SelectionFiguresContext>
  );
}

/** The item's entry of the decisions due (open, with a date), once the page has read them. */
const useDecision = (itemId: string): Decision | undefined => use(DecisionsContext).get(itemId);

/** Beside the item's name: its selection is due before today and still open. */
export function OverdueMark({ itemId }: { itemId: string }) {
  const decision = useDecision(itemId);
  if (!decision?.overdue) return null;
  return (
    <span
      title={decision.decideBy ? `Decision was due ${formatDate(decision.decideBy)}` : undefined}
      className="shrink-0 rounded-sm bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-500/20 dark:text-red-200"
    >
      Overdue
    </span>
  );
}

/** Whether the item shows its selection line whatever the person. */
const hasSelectionLine = (item: ChecklistItem): boolean =>
  item.allowance !== null || item.cost !== null || item.decideBy !== null || item.leadTimeDays !== null || item.approval !== null;

/** The selection line's height, in rem, for the card's stand-in height (model.ts `cardExtraRem`): the client's buttons are 44 px on a phone. */
export const selectionLineRem = (item: ChecklistItem, role: Role): number => (role === 'client' ? 3.25 : hasSelectionLine(item) ? 2 : 0);

/** The header's button that opens the item's budget and decide-by fields. */
export function BudgetButton({ item, open, onToggle, controls }: { item: ChecklistItem; open: boolean; onToggle: () => void; controls: string }) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      aria-label={`Budget and decide-by date of ${item.name}`}
      title="Budget and decide-by date"
      onClick={onToggle}
      className={`${cardIconButtonClass} print:hidden aria-expanded:bg-gray-100 dark:aria-expanded:bg-gray-800`}
    >
      <CircleDollarSign aria-hidden="true" className="size-4" />
    </button>
  );
}

/** The fields themselves, in the card's details area, while opened. */
export function BudgetPanel({ id, item, role, save }: { id: string; item: ChecklistItem; role: Role; save: (patch: RouteInputs['patchItem']) => Promise<ChecklistItem> }) {
  return (
    <Suspense fallback={<div id={id} aria-hidden="true" className="h-24" />}>
      <ItemBudgetFields id={id} item={item} role={role} save={save} />
    </Suspense>
  );
}

/**
 * Under the flags (selection-line.tsx): allowance, cost, decide-by date, the approval or decline,
 * and the client's Approve / Decline. Drawn when any of these exists, and always for the client;
 * fetched with the first such card, a block of its usual height holding its place meanwhile.
 */
export function SelectionLine({ item, role }: { item: ChecklistItem; role: Role }) {
  const decision = useDecision(item.id);
  const client = role === 'client';
  if (!client && !hasSelectionLine(item)) return null;
  return (
    <Suspense fallback={<div aria-hidden="true" className={client ? 'h-11 sm:h-7' : 'h-4'} />}>
      <SelectionLineBody item={item} client={client} decideBy={decision?.decideBy ?? item.decideBy} />
    </Suspense>
  );
}
