import { useQuery } from '@tanstack/react-query';
import { use } from 'react';
import { Wallet } from 'lucide-react';
import type { Budget, BudgetFigures } from '../../contract/projects';
import { queries } from '../api/queries';
import { useNearScreen } from '../components/use-near-screen';
import { PanelFigures } from './panel-figures';
import { formatMoney, SelectionFiguresContext } from './selection-format';
import { targetCompletionText } from '../change-orders/format';
import { cardClass } from './ui';

/**
 * The budget summary (issue 18): the project's allowances against its costs, in all and per room;
 * over budget in red (contrast-checked in light and dark). The figures are GET
 * /api/projects/{id}/budget, read once the summary comes within a screen of sight (not with the
 * page: issue 14), then refetched after each change (mutations.ts, live-updates.ts). Whether it is
 * there is the page's own figures': no allowance anywhere, no summary and no read.
 */
export function BudgetSummary() {
  const { projectId, budget: local } = use(SelectionFiguresContext);
  const [nearRef, near] = useNearScreen<HTMLElement>();
  const read = useQuery({ ...queries.budget(projectId), enabled: near });
  if (local.allowance === 0) return null;
  return (
    <section ref={nearRef} aria-labelledby="budget-summary-title" aria-busy={read.data === undefined && !read.isError} className={`${cardClass} grid gap-2 p-3 sm:p-4`}>
      <h2 id="budget-summary-title" className="flex items-center gap-1.5 text-base font-semibold">
        <Wallet aria-hidden="true" className="size-4 text-gray-500 dark:text-gray-400" />
        Budget
      </h2>
      <PanelFigures read={read} local={local} what="the budget">
        {(budget) => <BudgetTable budget={budget} />}
      </PanelFigures>
    </section>
  );
}

function BudgetTable({ budget }: { budget: Budget }) {
  const rooms = budget.rooms.filter((room) => room.allowance !== 0 || room.cost !== 0);
  const target = budget.changeOrders?.scheduleDays ? targetCompletionText(budget) : null;
  return (
    <>
      <table className="w-full text-sm tabular-nums">
        <thead>
          <tr className="text-left text-xs text-gray-600 dark:text-gray-400">
            <th scope="col" className="py-1 font-medium">
              <span className="sr-only">Room</span>
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Allowance
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Cost
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Difference
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
          {rooms.map((room) => (
            <BudgetRow key={room.roomId} name={room.name} figures={room} />
          ))}
        </tbody>
        <tfoot className="border-t-2 border-gray-200 font-semibold dark:border-gray-700">
          <BudgetRow name="Project" figures={budget} />
          {budget.changeOrders && budget.changeOrders.signed > 0 && <ChangeOrderRows budget={budget} />}
        </tfoot>
      </table>
      {target && (
        <p className="text-sm text-gray-700 dark:text-gray-300" data-testid="budget-target-completion">
          {target}
        </p>
      )}
    </>
  );
}

/** Issue 30: what the signed change orders add to the cost (drafts, sent and declined ones add nothing). */
function ChangeOrderRows({ budget }: { budget: Budget }) {
  const total = budget.changeOrders!.total;
  return (
    <>
      <tr data-testid="budget-change-orders">
        <th scope="row" className="py-1.5 pr-2 text-left font-medium">
          Signed change orders ({budget.changeOrders!.signed})
        </th>
        <td />
        <td className="py-1.5 pl-2 text-right">{total < 0 ? `−${formatMoney(-total)}` : `+${formatMoney(total)}`}</td>
        <td />
      </tr>
      <tr>
        <th scope="row" className="py-1.5 pr-2 text-left font-medium">
          Cost with change orders
        </th>
        <td />
        <td className="py-1.5 pl-2 text-right" data-testid="budget-cost-with-change-orders">
          {formatMoney(budget.costWithChangeOrders ?? budget.cost)}
        </td>
        <td />
      </tr>
    </>
  );
}

function BudgetRow({ name, figures }: { name: string; figures: BudgetFigures }) {
  const over = figures.difference < 0;
  return (
    <tr data-over={over || undefined}>
      <th scope="row" className="py-1.5 pr-2 text-left font-medium break-words">
        {name}
      </th>
      <td className="py-1.5 pl-2 text-right">{formatMoney(figures.allowance)}</td>
      <td className="py-1.5 pl-2 text-right">{formatMoney(figures.cost)}</td>
      <td className={`py-1.5 pl-2 text-right ${over ? 'font-semibold text-red-700 dark:text-red-300' : 'text-green-800 dark:text-green-300'}`}>
        {over ? `Over ${formatMoney(-figures.difference)}` : figures.difference === 0 ? 'On budget' : `Under ${formatMoney(figures.difference)}`}
      </td>
    </tr>
  );
}
