import { use } from 'react';
import { Wallet } from 'lucide-react';
import type { BudgetFigures } from '../../contract/projects';
import { formatMoney, SelectionFiguresContext } from './selection-format';
import { cardClass } from './ui';

/**
 * The budget summary (issue 18): the project's allowances against its costs, in all and per room;
 * over budget in red (contrast-checked in light and dark). No allowance anywhere: no summary.
 */
export function BudgetSummary() {
  const data = use(SelectionFiguresContext).budget;
  if (data.allowance === 0) return null;
  const rooms = data.rooms.filter((room) => room.allowance !== 0 || room.cost !== 0);
  return (
    <section aria-labelledby="budget-summary-title" className={`${cardClass} grid gap-2 p-3 sm:p-4`}>
      <h2 id="budget-summary-title" className="flex items-center gap-1.5 text-base font-semibold">
        <Wallet aria-hidden="true" className="size-4 text-gray-500 dark:text-gray-400" />
        Budget
      </h2>
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
          <BudgetRow name="Project" figures={data} />
        </tfoot>
      </table>
    </section>
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
