import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ChangeOrder } from '../../contract/change-orders';
import { callApi, callApiForResponse } from '../api/call';
import { queryKeys } from '../api/query-keys';

/**
 * The change orders' reads and writes (issue 30). Their keys sit under the project's, so a live
 * notice or any invalidation of the project reaches them; a change to one refreshes the project
 * (its budget and history move with a signature).
 */

export const changeOrderKeys = { list: queryKeys.changeOrders, one: queryKeys.changeOrder };

export const changeOrderQueries = {
  list: (projectId: string) =>
    queryOptions({
      queryKey: changeOrderKeys.list(projectId),
      queryFn: () => callApi('listChangeOrders', { params: { id: projectId } }),
    }),
  one: (id: string) =>
    queryOptions({
      queryKey: changeOrderKeys.one(id),
      queryFn: () => callApi('getChangeOrder', { params: { id } }),
    }),
};

/** After a write: the change order as answered, and whatever of its project it may have moved. */
export async function settled(queryClient: QueryClient, changeOrder: ChangeOrder): Promise<void> {
  queryClient.setQueryData(changeOrderKeys.one(changeOrder.id), changeOrder);
  await queryClient.invalidateQueries({
    queryKey: queryKeys.project(changeOrder.projectId),
  });
}

/** The change order as a PDF, saved under the name the server gives (the checklist export's saving, fetched with it). */
export async function downloadChangeOrderPdf(changeOrder: Pick<ChangeOrder, 'id' | 'title'>): Promise<void> {
  const { filenameFromDisposition, saveFile } = await import('../components/download');
  const response = await callApiForResponse('changeOrderPdf', {
    params: { id: changeOrder.id },
  });
  saveFile(await response.blob(), filenameFromDisposition(response.headers.get('content-disposition')) ?? `${changeOrder.title}-change-order.pdf`);
}
