import { BudgetSummary } from './budget-summary';
import { DecisionsPanel } from './decisions-panel';

/**
 * Issue 18's panels under the rooms: Decisions due and the budget summary, side by side on a wide
 * screen, drawn after the rooms. Each reads its figures from the API as it comes near the screen,
 * and is left out while the page's figures (selection-figures.ts) say it has nothing to show, so a
 * project without dates or allowances looks as before.
 */
export default function SelectionPanels() {
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2 empty:hidden">
      <DecisionsPanel />
      <BudgetSummary />
    </div>
  );
}
