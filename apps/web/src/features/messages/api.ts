import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useQuery } from '../../shared/http/use-query.ts';
import {
  deleteMessages,
  getInbox,
  readAllMessages,
  readMessages,
  type CallQuery,
  type Inbox,
  type MessagesChanged,
} from '@app/contract';
import { call } from '../../shared/http/client.ts';
import { LiveKeys } from '../../shared/realtime/live-keys.ts';

const inboxKey = (q: CallQuery<typeof getInbox>) => [...LiveKeys.messages, 'inbox', q] as const;

/** GET /wps/relay/CSP_getInbox: one page of the member's messages, newest first. */
export function useInbox(q: CallQuery<typeof getInbox>) {
  return useQuery({
    queryKey: inboxKey(q),
    queryFn: ({ signal }) => call(getInbox, { query: q, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/**
 * After a change: the badge takes the count the server answered at once, and every inbox page
 * is read again (the live stream would say the same a moment later).
 */
function useAfterChange() {
  const qc = useQueryClient();
  return (res: MessagesChanged) => {
    qc.setQueryData(LiveKeys.unread, res.unread);
    void qc.invalidateQueries({ queryKey: LiveKeys.messages });
  };
}

export function useReadMessage() {
  const qc = useQueryClient();
  const after = useAfterChange();
  return useMutation({
    mutationFn: (id: number) => call(readMessages, { body: { ids: [id] } }),
    // Shown as read at once; the answer confirms it.
    onMutate: (id) => {
      qc.setQueriesData<Inbox>({ queryKey: [...LiveKeys.messages, 'inbox'] }, (old) =>
        old ? { ...old, content: old.content.map((m) => (m.id === id ? { ...m, read: true } : m)) } : old,
      );
    },
    onSuccess: after,
  });
}

export function useDeleteMessage() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (id: number) => call(deleteMessages, { body: { ids: [id] } }),
    onSuccess: after,
  });
}

export function useReadAll() {
  const after = useAfterChange();
  return useMutation({ mutationFn: () => call(readAllMessages), onSuccess: after });
}
