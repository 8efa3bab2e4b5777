import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { User } from '../../contract/accounts';
import type { ProjectChecklist } from '../../contract/projects';
import type { PunchCounts, PunchItem, PunchStatus } from '../../contract/punch';
import type { CreatePunchItemInput, PatchPunchItemInput } from '../../events/punch/inputs';
import { callApi } from '../api/call';
import { queryKeys } from '../api/query-keys';
import { submit, type Submitted } from '../offline/outbox/submit';
import { punchItemsKey } from '../api/punch-keys';

/**
 * The punch list's reads and writes (issue 30). Writes go through the outbox, so they work
 * offline: the list shows them at once (an added item, a new status), the server's answer
 * replaces that, and the checklist's counts are read again.
 */

export const punchItemsQuery = (projectId: string) => queryOptions({ queryKey: punchItemsKey(projectId), queryFn: () => callApi('listPunchItems', { params: { id: projectId } }) });

export const noPunch: PunchCounts = { punchOpen: 0, punchFixed: 0, punchAccepted: 0 };

/** The counts as the list on this device has them (a change still waiting for the network included). */
export function countsOf(items: readonly PunchItem[]): PunchCounts {
  return {
    punchOpen: items.filter((item) => item.status === 'open').length,
    punchFixed: items.filter((item) => item.status === 'fixed').length,
    punchAccepted: items.filter((item) => item.status === 'accepted').length,
  };
}

const userOf = (queryClient: QueryClient) => queryClient.getQueryData<User | null>(queryKeys.me);

function show(queryClient: QueryClient, projectId: string, item: PunchItem) {
  queryClient.setQueryData<PunchItem[]>(punchItemsKey(projectId), (items) => (items ? [...items.filter((entry) => entry.id !== item.id), item] : [item]));
}

/** After an answer: the checklist's counts (and the list, for the order the server keeps) read again. */
function refresh(queryClient: QueryClient, projectId: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.checklist(projectId), exact: true });
  void queryClient.invalidateQueries({ queryKey: punchItemsKey(projectId), exact: true });
}

async function settle(queryClient: QueryClient, projectId: string, shown: PunchItem, sending: Promise<Submitted>): Promise<Submitted> {
  const before = queryClient.getQueryData<PunchItem[]>(punchItemsKey(projectId));
  show(queryClient, projectId, shown);
  try {
    const result = await sending;
    if (result.status === 'sent') {
      show(queryClient, projectId, result.answer as PunchItem);
      refresh(queryClient, projectId);
    }
    return result;
  } catch (error) {
    // Refused: the list as it was.
    queryClient.setQueryData(punchItemsKey(projectId), before);
    throw error;
  }
}

/** Adds a punch item (its id made here, so a retry or a replay after a week offline adds it once). */
export function addPunchItem(queryClient: QueryClient, projectId: string, input: CreatePunchItemInput & { title: string; roomId: string }): Promise<Submitted> {
  const id = crypto.randomUUID();
  const user = userOf(queryClient);
  const now = new Date().toISOString();
  const shown: PunchItem = {
    id,
    projectId,
    roomId: input.roomId,
    itemId: (input.itemId as string | null | undefined) || null,
    title: input.title.trim(),
    note: (input.note ?? '').trim(),
    photos: input.photos ?? [],
    assignee: input.assignee ?? { kind: 'contractor' },
    dueDate: input.dueDate || null,
    status: 'open',
    addedBy: user?.role === 'client' ? 'client' : 'contractor',
    addedByMe: true,
    fixNote: '',
    fixPhoto: null,
    reopenReason: null,
    createdAt: now,
    updatedAt: now,
    version: 0,
  };
  const sending = submit({ route: 'createPunchItem', params: { id: projectId }, body: { ...input, id }, projectId, userId: user?.id ?? '', roomId: input.roomId, label: `Added punch item ${shown.title}` });
  return settle(queryClient, projectId, shown, sending);
}

const labels: Record<'fixed' | 'accepted' | 'reopened', string> = { fixed: 'Marked fixed', accepted: 'Accepted', reopened: 'Reopened' };
const statusAfter: Record<'fixed' | 'accepted' | 'reopened', PunchStatus> = { fixed: 'fixed', accepted: 'accepted', reopened: 'open' };

/** Changes a punch item's fields or status. */
export function changePunchItem(queryClient: QueryClient, item: PunchItem, change: PatchPunchItemInput): Promise<Submitted> {
  const user = userOf(queryClient);
  const status = change.status ? statusAfter[change.status] : item.status;
  const shown: PunchItem = {
    ...item,
    ...(change.title !== undefined ? { title: change.title } : {}),
    ...(change.note !== undefined ? { note: change.note } : {}),
    ...(change.assignee !== undefined ? { assignee: change.assignee } : {}),
    ...(change.dueDate !== undefined ? { dueDate: change.dueDate || null } : {}),
    ...(change.photos !== undefined ? { photos: change.photos } : {}),
    status,
    ...(change.status === 'fixed' ? { fixNote: change.fixNote ?? '', fixPhoto: change.fixPhoto ?? null } : {}),
    ...(change.status === 'reopened' ? { reopenReason: change.reason ?? null } : {}),
    ...(change.status === 'accepted' ? { reopenReason: null } : {}),
  };
  const label = change.status ? `${labels[change.status]} ${item.title}` : `Changed punch item ${item.title}`;
  const sending = submit({ route: 'patchPunchItem', params: { id: item.id }, body: change, projectId: item.projectId, userId: user?.id ?? '', roomId: item.roomId, label });
  return settle(queryClient, item.projectId, shown, sending);
}

/** The checklist's counts, as its one read answers them. */
export const punchCountsOf = (checklist: ProjectChecklist): PunchCounts => checklist.punch ?? noPunch;
