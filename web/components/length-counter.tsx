/**
 * A text's length against its limit, shown only when it matters (issue 16: limits shown, not
 * silent): nothing while the text is short, 'n / max' near the limit, and the refusal once over
 * it. Fields keep what was typed or pasted (no maxLength, which cuts silently); the caller
 * refuses to save while `limitState` is 'over'.
 */

export type LimitState = 'quiet' | 'near' | 'over';

/** From this share of the limit on, the counter shows. */
export const NEAR_SHARE = 0.9;

export function limitState(length: number, max: number): LimitState {
  if (length > max) return 'over';
  return length >= Math.ceil(max * NEAR_SHARE) ? 'near' : 'quiet';
}

const count = new Intl.NumberFormat('en-US');

/** The counter under a field; `id` is what the field's aria-describedby names while it shows. */
export function LengthCounter({ id, length, max, refusal }: { id: string; length: number; max: number; refusal: string }) {
  const state = limitState(length, max);
  if (state === 'quiet') return null;
  const figures = (
    <span className="tabular-nums">
      {count.format(length)} / {count.format(max)}
      <span className="sr-only"> characters</span>
    </span>
  );
  return state === 'over' ? (
    // Announced once, when the text goes over; the figures alone are not (they change with every key).
    <p id={id} role="alert" className="flex flex-wrap justify-between gap-x-2 text-xs text-red-700 dark:text-red-400">
      <span>{refusal}</span>
      {figures}
    </p>
  ) : (
    <p id={id} className="text-right text-xs text-gray-600 dark:text-gray-400">
      {figures}
    </p>
  );
}
