import type { Role } from '../../events/accounts/schemas';
import type { ChecklistItem } from '../../contract/projects';
import { dateMessage, leadTimeMessage, moneyMessage } from '../../events/projects/values';
import { smallInputClass } from '../components/input';
import type { RouteInputs } from '../../contract/inputs';
import { AUTOSAVE_MS, SavingHint } from './item-details';
import { daysText, moneyText, parseDays, parseMoney, sameMoney, validDate, validDays, validMoney } from './budget-inputs';
import { useAutosave } from './use-autosave';

/**
 * An item's budget and decide-by date (issue 18), opened from its card: allowance and lead time and
 * decide-by for the contractor, cost for either person (the API's rules: a client may not set an
 * allowance). Each field saves 1000 ms after the last change, like the item's details; a value the
 * API would refuse stays on screen with the reason, unsaved, until corrected.
 */
export default function ItemBudgetFields({ id, item, role, save }: { id: string; item: ChecklistItem; role: Role; save: (patch: RouteInputs['patchItem']) => Promise<ChecklistItem> }) {
  const contractor = role === 'contractor';
  return (
    <fieldset id={id} className="grid grid-cols-2 gap-x-2 gap-y-1.5 rounded-md border border-gray-200 p-2 dark:border-gray-700">
      <legend className="px-1 text-xs font-medium text-gray-600 dark:text-gray-400">Budget and decide-by date</legend>
      <AutosavedField
        id={`allowance-${item.id}`}
        label="Allowance ($)"
        serverText={moneyText(item.allowance)}
        readOnly={!contractor}
        inputMode="decimal"
        valid={validMoney}
        same={sameMoney}
        refusal={`Allowance ${moneyMessage}`}
        save={(text) => save({ allowance: parseMoney(text) })}
      />
      <AutosavedField
        id={`cost-${item.id}`}
        label="Cost ($)"
        serverText={moneyText(item.cost)}
        inputMode="decimal"
        valid={validMoney}
        same={sameMoney}
        refusal={`Cost ${moneyMessage}`}
        save={(text) => save({ cost: parseMoney(text) })}
      />
      <AutosavedField
        id={`decide-by-${item.id}`}
        label="Decide by"
        type="date"
        serverText={item.decideBy ?? ''}
        readOnly={!contractor}
        valid={validDate}
        refusal={`Decide by ${dateMessage}`}
        save={(text) => save({ decideBy: text || null })}
      />
      <AutosavedField
        id={`lead-time-${item.id}`}
        label="Lead time (days)"
        serverText={daysText(item.leadTimeDays)}
        readOnly={!contractor}
        inputMode="numeric"
        valid={validDays}
        refusal={`Lead time ${leadTimeMessage}`}
        save={(text) => save({ leadTimeDays: parseDays(text) })}
      />
    </fieldset>
  );
}

function AutosavedField({
  id,
  label,
  serverText,
  valid,
  same,
  refusal,
  save,
  readOnly = false,
  type = 'text',
  inputMode,
}: {
  id: string;
  label: string;
  serverText: string;
  valid: (text: string) => boolean;
  same?: (a: string, b: string) => boolean;
  refusal: string;
  save: (text: string) => Promise<unknown>;
  readOnly?: boolean;
  type?: 'text' | 'date';
  inputMode?: 'decimal' | 'numeric';
}) {
  const { value, change, saving } = useAutosave({ serverValue: serverText, save, delay: AUTOSAVE_MS, valid, ...(same ? { same } : {}) });
  const invalid = !valid(value);
  const errorId = `${id}-error`;
  return (
    <div className="relative grid min-w-0 content-start gap-0.5">
      <label htmlFor={id} className="text-xs font-medium text-gray-700 dark:text-gray-300">
        {label}
      </label>
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        value={value}
        readOnly={readOnly}
        autoComplete="off"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => change(event.target.value)}
        className={`${smallInputClass} min-h-11 sm:min-h-8 aria-invalid:border-red-500 read-only:bg-gray-50 dark:aria-invalid:border-red-400 dark:read-only:bg-gray-800/50`}
      />
      {invalid && (
        <p id={errorId} role="alert" className="text-xs text-red-700 dark:text-red-400">
          {refusal}
        </p>
      )}
      <SavingHint saving={saving} className="pointer-events-none absolute top-0 right-0 leading-4" />
    </div>
  );
}
