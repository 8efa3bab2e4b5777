import type { Actor } from '../../events/decider';
import type { ActorRole, EventMeta } from '../../events/envelope';
import { findUserById } from '../auth/users';
import type { SignedIn } from '../auth/sessions';
import type { IdempotencyKey } from '../store/event-store';

/** Who runs a command, and what the events will say about them. */

/** A signed-in person, for one request. */
export interface Caller {
  readonly principal: SignedIn;
  readonly requestId: string;
  readonly idempotency?: IdempotencyKey;
  /** Field mode (issue 29): the device's clock when the change was made (`Device-Time`, UTC ISO), kept in the events' meta apart from `at`. */
  readonly deviceTime?: string;
  /** The stream version the change was made against (`Base-Version`), kept in the events' meta. */
  readonly baseVersion?: number;
}

/**
 * Changes made by the app itself: assigning a client who proved a project's client e-mail,
 * which the project decider allows whoever asks.
 */
export const systemActor = { userId: 'system', role: 'system', name: 'Construction Checklist' } as const;

/** Someone named by the caller (an account's own changes, signed in or not yet). */
export interface NamedActor {
  readonly id: string;
  readonly role: ActorRole;
  readonly name: string;
  readonly requestId: string;
}

export type CommandBy = Caller | typeof systemActor | NamedActor;

/** The actor the decider sees and the metadata the events carry (the display name from the user record). */
export async function resolveActor(by: CommandBy): Promise<{ actor: Actor; meta: EventMeta; idempotency?: IdempotencyKey }> {
  const at = new Date().toISOString();
  if ('principal' in by) {
    // The session carries the name; only a session older than that reads the user record.
    const user = by.principal.displayName ? undefined : await findUserById(by.principal.userId);
    const displayName = by.principal.displayName ?? (user ? `${user.firstName} ${user.lastName}` : by.principal.userId);
    return {
      // A colleague decides as their company (its projects); the events still name them as the actor.
      actor: { userId: by.principal.userId, role: by.principal.role, ...(by.principal.tenantId ? { tenantId: by.principal.tenantId } : {}) },
      meta: {
        actorId: by.principal.userId,
        role: by.principal.role,
        displayName,
        at,
        requestId: by.requestId,
        ...(by.deviceTime === undefined ? {} : { deviceTime: by.deviceTime }),
        ...(by.baseVersion === undefined ? {} : { baseVersion: by.baseVersion }),
      },
      idempotency: by.idempotency,
    };
  }
  if ('id' in by) {
    return { actor: { userId: by.id, role: by.role === 'client' ? 'client' : 'contractor' }, meta: { actorId: by.id, role: by.role, displayName: by.name, at, requestId: by.requestId } };
  }
  return {
    actor: { userId: systemActor.userId, role: 'contractor' },
    meta: { actorId: systemActor.userId, role: 'system', displayName: systemActor.name, at, requestId: `system-${at}` },
  };
}
