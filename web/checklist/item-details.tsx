import { useLayoutEffect, useRef, type ComponentProps } from 'react';
import { limits } from '../../events/projects/model';
import { LengthCounter, limitState } from '../components/length-counter';
import { useAutosave } from './use-autosave';
import { smallInputClass } from '../components/input';

/** The editable parts of an item card: details, Backsplash Details, Cabinet Details, door counts. */

/** Spec section 9: details and cabinet edits save 1000 ms after the last change. */
export const AUTOSAVE_MS = 1000;
/** Spec section 9: text areas grow up to 120 px, then scroll. */
const TEXTAREA_MAX_PX = 120;

const fieldSizingSupported = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

/** The refusal of a text over its limit, in the server's words (the spec gives none). */
export const tooLong = (what: string, max: number) => `${what} must be at most ${max} characters`;

/** What a limited field needs: whether it is over, and the counter that says so (issue 16: nothing cut silently). */
function useLimit(id: string, length: number, limit: { max: number; what: string }) {
  const state = limitState(length, limit.max);
  const counterId = `${id}-length`;
  return {
    fieldProps: { 'aria-invalid': state === 'over' || undefined, 'aria-describedby': state === 'quiet' ? undefined : counterId },
    counter: <LengthCounter id={counterId} length={length} max={limit.max} refusal={tooLong(limit.what, limit.max)} />,
  };
}

const invalidClass = 'aria-invalid:border-red-500 dark:aria-invalid:border-red-400';

/**
 * A text area one line tall while short, growing with its text up to 120 px, then scrolling (CSS
 * field-sizing where supported); with its length counter near and over `limit`.
 */
export function GrowingTextArea({
  className = '',
  value,
  limit,
  id,
  ...props
}: ComponentProps<'textarea'> & { value: string; id: string; limit: { max: number; what: string } }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const { fieldProps, counter } = useLimit(id, value.length, limit);
  useLayoutEffect(() => {
    const element = ref.current;
    if (fieldSizingSupported || !element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, TEXTAREA_MAX_PX)}px`;
  }, [value]);
  return (
    <div className="grid min-w-0 gap-0.5">
      <textarea
        ref={ref}
        id={id}
        rows={1}
        value={value}
        {...fieldProps}
        {...props}
        style={{ maxHeight: TEXTAREA_MAX_PX }}
        className={`${smallInputClass} min-h-11 resize-none overflow-y-auto [field-sizing:content] sm:min-h-8 ${invalidClass} ${className}`}
      />
      {counter}
    </div>
  );
}

/** A one-line text field with its length counter near and over `limit`. */
export function LimitedInput({ id, value, limit, ...props }: ComponentProps<'input'> & { id: string; value: string; limit: { max: number; what: string } }) {
  const { fieldProps, counter } = useLimit(id, value.length, limit);
  return (
    <div className="grid min-w-0 gap-0.5">
      <input id={id} value={value} {...fieldProps} {...props} className={`${smallInputClass} min-h-11 sm:min-h-8 ${invalidClass}`} />
      {counter}
    </div>
  );
}

export function SavingHint({ saving, className = '' }: { saving: boolean; className?: string }) {
  return (
    <span aria-live="polite" className={`text-xs text-gray-500 dark:text-gray-400 ${className}`}>
      {saving ? 'Saving...' : ''}
    </span>
  );
}

/** 'Saving...' over a field's top border, so it comes and goes without moving anything. */
export const savingCornerClass = 'pointer-events-none absolute -top-2 right-2 bg-white px-1 leading-4 empty:p-0 dark:bg-gray-900';

const detailsLimit = { max: limits.details, what: 'Details' };
const detailsValid = (details: string) => details.length <= limits.details;

/** An item's details: one line while empty, its label for assistive technology and 'Saving...' over its corner. */
export function DetailsField({ itemId, details, save }: { itemId: string; details: string; save: (details: string, base: string) => Promise<unknown> }) {
  const { value, change, saving } = useAutosave({ serverValue: details, save, delay: AUTOSAVE_MS, valid: detailsValid });
  const id = `details-${itemId}`;
  return (
    // Empty details take no room on paper.
    <div className={`relative ${value.trim() ? '' : 'print:hidden'}`}>
      <label htmlFor={id} className="sr-only">
        Details
      </label>
      <GrowingTextArea id={id} value={value} limit={detailsLimit} placeholder="Add details…" onChange={(event) => change(event.target.value)} />
      <SavingHint saving={saving} className={savingCornerClass} />
    </div>
  );
}

/** A label beside its field in the panels' two-column grid. */
export const sideLabelClass = 'pt-1.5 text-xs font-medium text-gray-600 max-sm:pt-3 dark:text-gray-400';
