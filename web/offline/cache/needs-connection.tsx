import { useId, type ReactNode } from 'react';
import { useOnline } from './online';

/** Why a control that needs the server at that moment is off while the device is offline. */
export const NEEDS_CONNECTION = 'Needs a connection';

/**
 * For Share with Client, Export PDF, account changes and the audit export (issue 29): offline the
 * control is disabled, titled 'Needs a connection' and described by that text (`reason`, rendered
 * beside it, read by screen readers); online they are as before.
 *
 * @example
 * const needs = useNeedsConnection();
 * return <>{needs.reason}<button {...needs.props} disabled={needs.offline || pending}>Share</button></>;
 */
export function useNeedsConnection(): {
  offline: boolean;
  props: { title?: string; 'aria-describedby'?: string };
  reason: ReactNode;
} {
  const online = useOnline();
  const id = useId();
  if (online) return { offline: false, props: {}, reason: null };
  return {
    offline: true,
    props: { title: NEEDS_CONNECTION, 'aria-describedby': id },
    reason: (
      <span id={id} className="sr-only">
        {NEEDS_CONNECTION}
      </span>
    ),
  };
}
