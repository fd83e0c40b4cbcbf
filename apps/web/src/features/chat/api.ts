import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@app/contract';
import { useQuery } from '../../shared/http/use-query.ts';
import { call } from '../../shared/http/client.ts';
import { useSession } from '../../shared/session/session.ts';
import {
  getChatMessagesRef,
  getChatPermissionRef,
  getChatUnreadRef,
  launchChatRef,
  markChatReadRef,
  sendChatMessageRef,
} from '../../shared/http/call-refs/chat.ts';
import { ChatKeys } from './keys.ts';

export const CHAT_PAGE = 30;

/** CBS_groupPermission: the flag the room opens behind (HD-05). */
export function useChatPermission() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ChatKeys.permission,
    queryFn: ({ signal }) => call(getChatPermissionRef, { signal }),
    enabled: token !== null,
    refetchOnMount: 'always',
  });
}

/** CBS_unreadCount: the entry's badge; the live stream's `chat` events write the same key. */
export function useChatUnread(enabled: boolean) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: ChatKeys.unread,
    queryFn: ({ signal }) => call(getChatUnreadRef, { signal }),
    enabled: enabled && token !== null,
    staleTime: 30_000,
  });
}

/** CBS_launchChat, asked only once the flag said yes. */
export function useLaunchChat(enabled: boolean) {
  return useQuery({
    queryKey: ChatKeys.launch,
    queryFn: ({ signal }) => call(launchChatRef, { signal }),
    enabled,
    refetchOnMount: 'always',
  });
}

/** A group's messages, newest page first, older pages on demand. */
export function useChatMessages(groupId: number | null) {
  return useInfiniteQuery({
    queryKey: ChatKeys.messages(groupId ?? 0),
    enabled: groupId !== null,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ signal, pageParam }) =>
      call(getChatMessagesRef, {
        query: { groupId: groupId!, size: CHAT_PAGE, ...(pageParam ? { before: pageParam } : {}) },
        signal,
      }),
    getNextPageParam: (last) => (last.hasMore ? last.list[last.list.length - 1]?.id : undefined),
  });
}

export function useSendChat(groupId: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => call(sendChatMessageRef, { body: { groupId: groupId!, content } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ChatKeys.messages(groupId ?? 0) }),
  });
}

export function useMarkChatRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (m: Pick<ChatMessage, 'groupId' | 'id'>) =>
      call(markChatReadRef, { body: { groupId: m.groupId, messageId: m.id } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ChatKeys.unread });
      void qc.invalidateQueries({ queryKey: ChatKeys.launch });
    },
  });
}
