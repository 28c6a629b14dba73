import type { Conversation, LiveMessageOf, PrivateMessage } from '@queuecast/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/keys';

/**
 * The inbox's query-cache entries and how live pushes and the inbox's own calls change them.
 * Every key carries the signed-in user's id, so another account in the same tab never sees
 * them. The app's live handlers call `storePrivateMessage` and `storeMessagesRead`.
 */
export const inboxKeys = {
  /** The conversation list (an array of Conversation, latest first). */
  conversations: (userId: number) => ['messages', 'conversations', userId] as const,
  /** The thread with one partner: an infinite query of pages, oldest page first. */
  thread: (userId: number, partnerId: number) => ['messages', 'thread', userId, partnerId] as const,
  unread: (userId: number) => [...queryKeys.unreadMessages, userId] as const,
};

/** One page of a thread, oldest first; `hasOlder` when the server's page was full. */
export interface ThreadPage {
  messages: PrivateMessage[];
  hasOlder: boolean;
}
/** A thread in the cache: `pageParams` are the `from_id`s (undefined for the latest page). */
export type ThreadData = InfiniteData<ThreadPage, number | undefined>;

/** The other party of a message, seen by `me`. */
export const partnerOf = (message: PrivateMessage, me: number): number =>
  message.from_uid === me ? message.to_uid : message.from_uid;

/**
 * The list after a message to or from `me`: the partner's entry moves to the top with the
 * message's time, and counts one more unread when the message is to `me`. A message the list
 * already holds (its id at most the entry's `last_message_id`: the list was fetched after it was
 * stored, and its live push came later) leaves the list as it is. Null when the partner is not in
 * the list yet (a new conversation): the list is then fetched again.
 */
export function addToConversations(
  list: readonly Conversation[],
  message: PrivateMessage,
  me: number,
): Conversation[] | null {
  const partner = partnerOf(message, me);
  const entry = list.find((c) => c.id === partner);
  if (!entry) return null;
  if (message.id <= entry.last_message_id) return [...list];
  const incoming = message.to_uid === me && message.from_uid !== me;
  const updated: Conversation = {
    ...entry,
    last_message_time: Math.max(entry.last_message_time, message.sent_timestamp),
    last_message_id: message.id,
    unread_count: entry.unread_count + (incoming && message.read_timestamp === null ? 1 : 0),
  };
  return [updated, ...list.filter((c) => c.id !== partner)].sort(
    (a, b) => b.last_message_time - a.last_message_time,
  );
}

/** The list with the partner's unread count at 0 (their thread was read). */
export function clearConversationUnread(
  list: readonly Conversation[],
  partnerId: number,
): Conversation[] {
  return list.map((c) =>
    c.id === partnerId && c.unread_count !== 0 ? { ...c, unread_count: 0 } : c,
  );
}

/**
 * The thread with one more message in its latest page: no duplicate ids (the sender's own call
 * and its live echo both arrive), ordered by id.
 */
export function addToThread(data: ThreadData, message: PrivateMessage): ThreadData {
  if (data.pages.some((p) => p.messages.some((m) => m.id === message.id))) return data;
  const last = data.pages.length - 1;
  if (last < 0) {
    return { pages: [{ messages: [message], hasOlder: false }], pageParams: [undefined] };
  }
  const pages = data.pages.map((page, i) =>
    i === last
      ? { ...page, messages: [...page.messages, message].sort((a, b) => a.id - b.id) }
      : page,
  );
  return { ...data, pages };
}

/** The thread with the given messages read at `readTimestamp` (those already read keep theirs). */
export function markThreadRead(
  data: ThreadData,
  ids: ReadonlySet<number>,
  readTimestamp: number,
): ThreadData {
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.messages.some((m) => ids.has(m.id) && m.read_timestamp === null)) return page;
    changed = true;
    return {
      ...page,
      messages: page.messages.map((m) =>
        ids.has(m.id) && m.read_timestamp === null ? { ...m, read_timestamp: readTimestamp } : m,
      ),
    };
  });
  return changed ? { ...data, pages } : data;
}

/** The badge's count less `n`, never below 0. */
export const decrementUnread = (count: number, n: number): number => Math.max(0, count - n);

/** Every message of a cached thread, oldest first. */
export const threadMessages = (data: { pages: ThreadPage[] } | undefined): PrivateMessage[] =>
  data ? data.pages.flatMap((p) => p.messages) : [];

/**
 * A private message to or from `me` (live, or the answer to sending one): into the partner's
 * thread if it is loaded, and into the conversation list, which is fetched again when the
 * partner is new to it.
 */
export function storePrivateMessage(
  queryClient: QueryClient,
  message: PrivateMessage,
  me: number,
): void {
  const partner = partnerOf(message, me);
  queryClient.setQueryData<ThreadData>(
    inboxKeys.thread(me, partner),
    (data) => data && addToThread(data, message),
  );
  const key = inboxKeys.conversations(me);
  const list = queryClient.getQueryData<Conversation[]>(key);
  if (!list) return;
  const next = addToConversations(list, message, me);
  if (next) queryClient.setQueryData(key, next);
  else void queryClient.invalidateQueries({ queryKey: key });
}

/** The partner read messages `me` sent: their read ticks turn on in the loaded thread. */
export function storeMessagesRead(
  queryClient: QueryClient,
  { reader_id, ids, read_timestamp }: Omit<LiveMessageOf<'messages_read'>, 'type'>,
  me: number,
): void {
  const read = new Set(ids);
  queryClient.setQueryData<ThreadData>(
    inboxKeys.thread(me, reader_id),
    (data) => data && markThreadRead(data, read, read_timestamp),
  );
}

/**
 * `me` opened a thread and read the partner's `ids`: ticks set locally at once, the partner's
 * entry in the list and the badge go down without waiting for the server.
 */
export function storeOwnRead(
  queryClient: QueryClient,
  me: number,
  partnerId: number,
  ids: readonly number[],
  readTimestamp: number,
): void {
  queryClient.setQueryData<ThreadData>(
    inboxKeys.thread(me, partnerId),
    (data) => data && markThreadRead(data, new Set(ids), readTimestamp),
  );
  queryClient.setQueryData<Conversation[]>(
    inboxKeys.conversations(me),
    (list) => list && clearConversationUnread(list, partnerId),
  );
  queryClient.setQueryData<number>(inboxKeys.unread(me), (count) =>
    count !== undefined ? decrementUnread(count, ids.length) : count,
  );
}
