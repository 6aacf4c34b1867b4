import { ArrowLeft } from 'lucide-react';
import { type RefObject, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { conversationMessages } from '#domain/conversations/conversation.messages.ts';
import { conversationUiMessages as m } from '#domain/conversations/conversation-ui.messages.ts';
import type { ConversationDetail, Message } from '#domain/conversations/conversation.wire.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { messageOf } from '#web/api/failure-message.ts';
import { paths } from '#web/config/paths.ts';
import { useCurrentUser } from '#web/features/auth/api/session.ts';
import { LazyReportDialog } from '#web/features/moderation/components/report-button.tsx';
import { useConversation } from '../api/get-conversation.ts';
import { messagesOldestFirst, useMessages } from '../api/get-messages.ts';
import { useMarkConversationRead } from '../api/mark-read.ts';
import { useSendMessage } from '../api/send-message.ts';
import { Avatar } from './avatar.tsx';
import { BlockButton } from './block-button.tsx';
import { ListingHeader } from './listing-header.tsx';
import { MeetupPanel } from '#web/features/meetups/components/meetup-panel.tsx';
import { MessageComposer } from './message-composer.tsx';
import { MessageList } from './message-list.tsx';

/** How close to the bottom still counts as "reading the latest" (new messages then scroll into view). */
const NEAR_BOTTOM_PX = 120;

/** A link back to the inbox, shown where the inbox is not beside the conversation (below 1024 px). */
export function BackToInbox() {
  return (
    <Link
      to={paths.user.messages}
      aria-label={m.backToInbox}
      className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 lg:hidden"
    >
      <ArrowLeft className="h-5 w-5" aria-hidden="true" />
    </Link>
  );
}

/** One conversation: who and what it is about, its messages (older ones on scrolling up), and the text box. */
export function ConversationView({ conversationId }: { conversationId: string }) {
  const conversation = useConversation(conversationId);
  if (conversation.isPending) return <ConversationSkeleton />;
  if (conversation.isError) {
    return (
      <div className="flex flex-1 flex-col">
        <div className="flex items-center gap-2 border-b border-slate-200 px-2 py-2">
          <BackToInbox />
        </div>
        <p role="alert" className="p-6 text-center text-sm text-red-700">
          {messageOf(conversation.error, m.conversationLoadFailed)}
        </p>
      </div>
    );
  }
  return <LoadedConversation key={conversationId} conversation={conversation.data} />;
}

function LoadedConversation({ conversation }: { conversation: ConversationDetail }) {
  const user = useCurrentUser();
  const other = conversation.otherParticipant;
  const messages = useMessages(conversation._id);
  const list = messagesOldestFirst(messages.data);
  const send = useSendMessage(conversation._id);
  const [reporting, setReporting] = useState<Message | undefined>();
  useMarkReadWhileVisible(conversation, list, user._id);
  const scrollerRef = useRef<HTMLElement>(null);
  const { onScroll, keepPosition } = useKeptScroll(scrollerRef, list, user._id);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b border-slate-200 px-2 py-2 sm:px-3">
        <BackToInbox />
        <Avatar url={other.avatarUrl} size={36} />
        <h2 className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900">
          {other._id && !other.deleted ? (
            <Link to={paths.user.profile(other._id)} className="hover:underline">
              {other.name}
            </Link>
          ) : (
            other.name
          )}
        </h2>
        {other._id && !other.deleted && <BlockButton userId={other._id} name={other.name} blocked={conversation.blockedByMe} />}
      </div>
      <ListingHeader listing={conversation.listing} />
      <MeetupPanel conversationId={conversation._id} otherName={other.name} canPropose={conversation.canSend} />
      <section
        ref={scrollerRef}
        onScroll={onScroll}
        aria-label={m.messagesRegion(other.name)}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-3 focus-visible:outline-offset-[-2px] sm:px-4"
      >
        {messages.isPending ? (
          <MessagesSkeleton />
        ) : messages.isError ? (
          <p role="alert" className="py-6 text-center text-sm text-red-700">
            {m.conversationLoadFailed}
          </p>
        ) : (
          <>
            <OlderMessages
              hasMore={messages.hasNextPage}
              loading={messages.isFetchingNextPage}
              onLoad={() => {
                keepPosition();
                void messages.fetchNextPage();
              }}
              rootRef={scrollerRef}
            />
            <MessageList
              messages={list}
              myId={user._id}
              other={other}
              otherLastReadAt={conversation.otherLastReadAt}
              onReport={setReporting}
            />
          </>
        )}
      </section>
      <NewMessageAnnouncer messages={list} myId={user._id} otherName={other.name} />
      {conversation.canSend ? (
        <MessageComposer onSend={(body) => send.mutateAsync(body)} />
      ) : (
        <p className="border-t border-slate-200 bg-white p-4 text-center text-sm text-slate-700">
          {conversation.blockedByMe
            ? m.youBlocked
            : other.deleted
              ? conversationMessages.otherUserDeleted
              : conversationMessages.blocked}
        </p>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <LazyReportDialog targetType="message" targetId={reporting._id} onClose={() => setReporting(undefined)} />
        </Suspense>
      )}
    </div>
  );
}

/** The top of the loaded messages: more load when it scrolls into view, or on a press of its button. */
function OlderMessages({
  hasMore,
  loading,
  onLoad,
  rootRef,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
  rootRef: RefObject<HTMLElement | null>;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  useEffect(() => {
    load.current = onLoad;
  });
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !rootRef.current || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { root: rootRef.current, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [rootRef, hasMore, loading]);

  if (!hasMore) return <p className="pb-4 text-center text-xs text-slate-600">{m.startOfConversation}</p>;
  return (
    <div ref={sentinel} className="flex justify-center pb-4">
      {loading ? (
        <span role="status" className="flex items-center gap-2 text-xs text-slate-600">
          <Spinner className="h-4 w-4" />
          {m.loadingOlder}
        </span>
      ) : (
        <button
          type="button"
          onClick={onLoad}
          className="rounded-full px-3 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50"
        >
          {m.loadOlder}
        </button>
      )}
    </div>
  );
}

/**
 * Keeps the reader's place: at the bottom on opening and when a message arrives while they read the
 * latest (or send one); where they were when older messages load above.
 */
function useKeptScroll(scrollerRef: RefObject<HTMLElement | null>, messages: Message[], myId: string) {
  const fromBottom = useRef(0);
  const keepOnNextChange = useRef(false);
  const previous = useRef<{ first?: string; last?: string }>({});

  const onScroll = useCallback(() => {
    const element = scrollerRef.current;
    if (element) fromBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight;
  }, [scrollerRef]);
  const keepPosition = useCallback(() => {
    keepOnNextChange.current = true;
  }, []);

  const first = messages[0]?._id;
  const last = messages.at(-1);
  useLayoutEffect(() => {
    const element = scrollerRef.current;
    if (!element || !last) return;
    const before = previous.current;
    previous.current = { first, last: last._id };
    if (before.last !== undefined && first !== before.first && keepOnNextChange.current) {
      keepOnNextChange.current = false;
      element.scrollTop = element.scrollHeight - element.clientHeight - fromBottom.current;
      return;
    }
    const arrived = last._id !== before.last;
    if (before.last === undefined || (arrived && (fromBottom.current < NEAR_BOTTOM_PX || last.authorId === myId))) {
      element.scrollTop = element.scrollHeight;
      fromBottom.current = 0;
    }
  }, [scrollerRef, first, last, myId]);

  return { onScroll, keepPosition };
}

/**
 * Marks the conversation read whenever a message from the other side is on screen: on opening,
 * when one arrives, and when the tab becomes visible again (a hidden tab reads nothing).
 */
function useMarkReadWhileVisible(conversation: ConversationDetail, messages: Message[], myId: string) {
  const markRead = useMarkConversationRead();
  const latestFromOther = messages.findLast((message) => message.authorId !== myId)?._id;
  // Once on opening (the cached count may be behind), then once per message that arrives.
  const readUpTo = useRef<string | undefined>(undefined);
  const { mutate } = markRead;
  const conversationId = conversation._id;

  useEffect(() => {
    const check = () => {
      if (!latestFromOther || readUpTo.current === latestFromOther || document.visibilityState !== 'visible') return;
      readUpTo.current = latestFromOther;
      mutate(conversationId);
    };
    check();
    document.addEventListener('visibilitychange', check);
    return () => document.removeEventListener('visibilitychange', check);
  }, [conversationId, latestFromOther, mutate]);
}

/** Tells screen readers of a message from the other side as it arrives (not of older ones loading). */
function NewMessageAnnouncer({ messages, myId, otherName }: { messages: Message[]; myId: string; otherName: string }) {
  const last = messages.at(-1);
  const seen = useRef<string | undefined>(undefined);
  const [text, setText] = useState('');
  useEffect(() => {
    if (!last) return;
    if (seen.current !== undefined && seen.current !== last._id && last.authorId !== myId && last.kind !== 'system') {
      setText(`${m.newMessageAnnouncement(otherName)}: ${last.body}`);
    }
    seen.current = last._id;
  }, [last, myId, otherName]);
  return (
    <p role="status" className="sr-only">
      {text}
    </p>
  );
}

function MessagesSkeleton() {
  return (
    <div role="status" aria-label={m.conversationLoading} className="space-y-3">
      <Skeleton className="h-10 w-2/3 rounded-2xl" />
      <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
      <Skeleton className="h-16 w-3/5 rounded-2xl" />
      <Skeleton className="ml-auto h-10 w-2/5 rounded-2xl" />
    </div>
  );
}

export function ConversationSkeleton() {
  return (
    <div role="status" aria-label={m.conversationLoading} className="flex flex-1 flex-col">
      <div className="flex items-center gap-3 border-b border-slate-200 p-3">
        <Skeleton className="h-9 w-9 rounded-full" />
        <Skeleton className="h-5 w-40" />
      </div>
      <div className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 p-3">
        <Skeleton className="h-11 w-11" />
        <Skeleton className="h-4 w-48" />
      </div>
      <div className="flex-1 space-y-3 p-4">
        <Skeleton className="h-10 w-2/3 rounded-2xl" />
        <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
        <Skeleton className="h-16 w-3/5 rounded-2xl" />
      </div>
    </div>
  );
}
