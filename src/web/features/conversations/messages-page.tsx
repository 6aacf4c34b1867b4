import { MessageCircle } from 'lucide-react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { conversationMessages } from '#domain/conversations/conversation.messages.ts';
import { conversationUiMessages as m } from '#domain/conversations/conversation-ui.messages.ts';
import { ApiError } from '#web/api/api-client.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { useCurrentUser } from '#web/features/auth/api/session.ts';
import { cn } from '#web/lib/cn.ts';
import { useConversationForProduct } from './api/get-conversation.ts';
import { useConversations } from './api/get-conversations.ts';
import { ComposeView } from './components/compose-view.tsx';
import { ConversationList } from './components/conversation-list.tsx';
import { ConversationSkeleton, ConversationView } from './components/conversation-view.tsx';

/**
 * /user/messages and /user/messages/:conversationId (issue 12). On a desktop the inbox and the
 * open conversation sit side by side; below 1024 px each takes the whole frame, the conversation
 * with a back button. `?product=` is 'Message seller': the conversation about that listing, or a
 * first message that starts it.
 */
export function MessagesPage() {
  const { conversationId } = useParams();
  const [params] = useSearchParams();
  const productId = params.get('product') ?? undefined;
  const open = Boolean(conversationId || productId);

  return (
    // Below 1024 px it fills the screen under the top bar, its content ending above the tab bar
    // (and covering the footer behind it); on a desktop, the frame's content area. Either way
    // only the lists inside scroll.
    <div className="fixed inset-x-0 bottom-0 top-16 z-20 flex overflow-hidden bg-white pb-[calc(3.5rem+env(safe-area-inset-bottom))] lg:static lg:pb-0 lg:h-[calc(100dvh-7rem)] lg:rounded-2xl lg:shadow-sm lg:ring-1 lg:ring-slate-200">
      <section
        aria-labelledby="inbox-heading"
        className={cn(
          'min-h-0 w-full flex-col border-slate-200 lg:flex lg:w-96 lg:shrink-0 lg:border-r',
          open ? 'hidden' : 'flex',
        )}
      >
        <Inbox activeId={conversationId} />
      </section>
      <div className={cn('min-h-0 min-w-0 flex-1 flex-col lg:flex', open ? 'flex' : 'hidden')}>
        {conversationId ? (
          <ConversationView conversationId={conversationId} />
        ) : productId ? (
          <MessageSeller productId={productId} />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 bg-slate-50 p-6 text-center text-sm text-slate-600">
            <MessageCircle className="h-10 w-10 text-slate-400" aria-hidden="true" />
            <p>{m.selectConversation}</p>
          </div>
        )}
      </div>
    </div>
  );
}

function Inbox({ activeId }: { activeId?: string }) {
  const user = useCurrentUser();
  const inbox = useConversations();
  const conversations = inbox.data?.pages.flatMap((page) => page.conversations) ?? [];
  return (
    <>
      <h1 id="inbox-heading" className="border-b border-slate-200 px-4 py-3 text-xl font-bold tracking-tight text-slate-900">
        {m.inboxHeading}
      </h1>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {inbox.isPending ? (
          <InboxSkeleton />
        ) : inbox.isError ? (
          <p role="alert" className="p-6 text-center text-sm text-red-700">
            {m.inboxLoadFailed}
          </p>
        ) : conversations.length === 0 ? (
          <div className="flex flex-col items-center gap-3 p-8 text-center text-sm text-slate-600">
            <MessageCircle className="h-10 w-10 text-slate-400" aria-hidden="true" />
            <p>{conversationMessages.emptyInbox}</p>
          </div>
        ) : (
          <>
            <ConversationList conversations={conversations} activeId={activeId} myId={user._id} />
            {inbox.hasNextPage && (
              <div className="flex justify-center p-3">
                <button
                  type="button"
                  onClick={() => void inbox.fetchNextPage()}
                  disabled={inbox.isFetchingNextPage}
                  className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
                >
                  {inbox.isFetchingNextPage && <Spinner className="h-4 w-4" />}
                  {m.loadMoreConversations}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </>
  );
}

function InboxSkeleton() {
  return (
    <div role="status" aria-label={m.inboxLoading} className="divide-y divide-slate-100">
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="flex gap-3 px-4 py-3">
          <Skeleton className="h-12 w-12 shrink-0 rounded-full" />
          <div className="flex-1 space-y-2 py-1">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="h-3 w-3/4" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The existing conversation about the listing opens in place of the address; without one, the first message starts it. */
function MessageSeller({ productId }: { productId: string }) {
  const existing = useConversationForProduct(productId);
  if (existing.isPending) return <ConversationSkeleton />;
  if (existing.isSuccess) return <Navigate to={paths.user.conversation(existing.data._id)} replace />;
  if (existing.error instanceof ApiError && existing.error.status === 404) return <ComposeView productId={productId} />;
  return (
    <p role="alert" className="p-6 text-center text-sm text-red-700">
      {m.composeLoadFailed}
    </p>
  );
}
