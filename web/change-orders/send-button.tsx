import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Send } from 'lucide-react';
import type { ChangeOrder } from '../../contract/change-orders';
import { callApi } from '../api/call';
import { serverMessage } from '../api/errors';
import { buttonClass } from '../components/button';
import { toast } from '../components/toast';
import { useNeedsConnection } from '../offline/cache/needs-connection';
import { settled } from './api';

/** Send (issue 30): mails the change order to the project's client; the server does it now, so offline it is off ('Needs a connection'). */
export function SendButton({ changeOrder, look = buttonClass.primary }: { changeOrder: ChangeOrder; look?: string }) {
  const queryClient = useQueryClient();
  const needs = useNeedsConnection();
  const sending = useMutation({
    mutationFn: () => callApi('sendChangeOrder', { params: { id: changeOrder.id } }),
    onSuccess: async (sent) => {
      await settled(queryClient, sent);
      toast({
        title: 'Change order sent',
        description: `“${sent.title}” was mailed to the client to sign.`,
      });
    },
    onError: (error) =>
      toast({
        title: 'Not sent',
        description: serverMessage(error, 'Could not send the change order.'),
        variant: 'destructive',
      }),
  });
  return (
    <>
      {needs.reason}
      <button type="button" onClick={() => sending.mutate()} disabled={sending.isPending || needs.offline} aria-busy={sending.isPending} {...needs.props} className={look}>
        {sending.isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Send aria-hidden="true" className="size-4" />}
        {changeOrder.status === 'sent' ? 'Send again' : 'Send to client'}
      </button>
    </>
  );
}
