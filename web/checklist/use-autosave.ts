import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';

/**
 * A value edited locally and saved `delay` ms after the last change (spec section 4: details,
 * backsplash and cabinet 1000 ms, the lock box code 2000 ms). While an edit waits or is being
 * saved, the server's value does not overwrite it; once saved, the server's value is shown again
 * (a refetch, or another user's change). A pending save is sent at once when the component goes.
 * Each save is handed its base too: the value on screen before that edit began (issue 29: the
 * server decides an edit by value against it, so another person's change meanwhile is a conflict,
 * not overwritten).
 */
export function useAutosave<T>({
  serverValue,
  save,
  delay,
  same = Object.is,
  valid = always,
}: {
  serverValue: T;
  save: (value: T, base: T) => Promise<unknown>;
  delay: number;
  same?: (a: T, b: T) => boolean;
  /** An edit that is not valid (over a length limit) stays on screen, unsaved, until corrected. */
  valid?: (value: T) => boolean;
}): { value: T; change: (next: T) => void; flush: () => void; saving: boolean } {
  const [value, setValue] = useState(serverValue);
  const [saving, setSaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<{ value: T } | null>(null);
  const inFlight = useRef(0);
  const latest = useRef(value);
  const server = useRef(serverValue);
  server.current = serverValue;
  /** After a failed save the edit stays on screen until the server's value changes. */
  const kept = useRef<{ server: T } | null>(null);
  /** Set while the edit on screen is invalid: it is neither saved nor replaced by the server's. */
  const held = useRef(false);
  /** The value on screen before the edit under way began (its save's base). */
  const editBase = useRef<{ value: T } | null>(null);

  const onSave = useEffectEvent(save);
  const settle = useEffectEvent(() => {
    if (pending.current === null && inFlight.current === 0) setSaving(false);
  });

  const send = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    const base = editBase.current ? editBase.current.value : next.value;
    editBase.current = null;
    inFlight.current++;
    void onSave(next.value, base)
      .then(
        () => {
          kept.current = null;
        },
        () => {
          kept.current = { server: server.current };
          // Not saved: the next edit (begun already or not) is still made against what the server had.
          editBase.current = { value: base };
        },
      )
      .finally(() => {
        inFlight.current--;
        settle();
      });
  }, []);

  const change = useCallback(
    (next: T) => {
      editBase.current ??= { value: latest.current };
      latest.current = next;
      setValue(next);
      clearTimeout(timer.current);
      held.current = !valid(next);
      if (held.current) {
        pending.current = null;
        setSaving(inFlight.current > 0);
        return;
      }
      setSaving(true);
      pending.current = { value: next };
      clearTimeout(timer.current);
      timer.current = setTimeout(send, delay);
    },
    [delay, send, valid],
  );

  // The server's value wins whenever nothing local is waiting.
  const busy = pending.current !== null || inFlight.current > 0 || held.current;
  useEffect(() => {
    if (busy) return;
    if (kept.current && same(kept.current.server, serverValue)) return;
    kept.current = null;
    editBase.current = null;
    if (same(latest.current, serverValue)) return;
    latest.current = serverValue;
    setValue(serverValue);
  }, [serverValue, busy, same]);

  // Leaving the page (or the item) with an edit waiting: send it now.
  useEffect(() => () => send(), [send]);

  return { value, change, flush: send, saving };
}

const always = () => true;

/** Structural equality for plain JSON data (cabinet details, link lists). */
export const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
