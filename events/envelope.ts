/** The shapes every event shares, whatever its type. */

export type ActorRole = 'contractor' | 'client' | 'system';

/** Who did it, when, in answer to which request. */
export interface EventMeta {
  readonly actorId: string;
  readonly role: ActorRole;
  readonly displayName: string;
  /** ISO 8601. */
  readonly at: string;
  readonly requestId: string;
  /**
   * Field mode (issue 29): the device's clock when the person made the change (ISO 8601, UTC), as
   * its `Device-Time` header said; apart from `at`, the server's time. Absent when not sent.
   */
  readonly deviceTime?: string;
  /** The stream version the change was made against, as its `Base-Version` header said. Absent when not sent. */
  readonly baseVersion?: number;
}

/** An event as a decider produces it: no position, no hash yet. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/** An event as the store holds it. */
export interface StoredEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  readonly streamId: string;
  /** 1, 2, 3 … within the stream, never a gap. */
  readonly version: number;
  readonly schemaVersion: number;
  /** ULID: sorts by time across streams. */
  readonly eventId: string;
  /** The contractor account that owns the data. */
  readonly tenantId: string;
  readonly projectId?: string;
  readonly meta: EventMeta;
  readonly prevHash: string;
  readonly hash: string;
}

/** Where a stream stands: the version and hash of its last event. */
export interface StreamPosition {
  readonly version: number;
  readonly hash: string;
}

export const GENESIS_HASH = '0'.repeat(64);
export const streamStart: StreamPosition = { version: 0, hash: GENESIS_HASH };

export const positionOf = (events: readonly StoredEvent[], from: StreamPosition = streamStart): StreamPosition => {
  const last = events.at(-1);
  return last ? { version: last.version, hash: last.hash } : from;
};
