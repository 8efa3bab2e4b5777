/**
 * Stream ids, once: each aggregate instance is one stream named `<kind>#<id>`. Builders and the
 * parser live together so that nothing else splits or prefixes stream ids by hand.
 */

export const streamKinds = ['user', 'project', 'item', 'chat', 'punch', 'changeOrder', 'tenant'] as const;
export type StreamKind = (typeof streamKinds)[number];

export const streamIdOf = (kind: StreamKind, id: string): string => `${kind}#${id}`;

export const userStreamId = (userId: string) => streamIdOf('user', userId);
export const projectStreamId = (projectId: string) => streamIdOf('project', projectId);
export const itemStreamId = (itemId: string) => streamIdOf('item', itemId);
export const chatStreamId = (projectId: string) => streamIdOf('chat', projectId);
export const punchItemStreamId = (punchItemId: string) => streamIdOf('punch', punchItemId);
export const changeOrderStreamId = (changeOrderId: string) => streamIdOf('changeOrder', changeOrderId);
/** A tenant (a contractor company, issue 31): its lifecycle and the operators' actions on it. The id is the `tenantId` events carry. */
export const tenantStreamId = (tenantId: string) => streamIdOf('tenant', tenantId);

/** `item#abc` → `{ kind: 'item', id: 'abc' }`; undefined for anything that is not one of ours. */
export function parseStreamId(streamId: string): { kind: StreamKind; id: string } | undefined {
  const at = streamId.indexOf('#');
  if (at < 0) return undefined;
  const kind = streamId.slice(0, at) as StreamKind;
  const id = streamId.slice(at + 1);
  return streamKinds.includes(kind) && id ? { kind, id } : undefined;
}
