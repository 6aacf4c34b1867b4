import { useNavigate } from 'react-router';
import { conversationUiMessages as m } from '#domain/conversations/conversation-ui.messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { paths } from '#web/config/paths.ts';
import { useProduct } from '#web/features/products/api/get-product.ts';
import { useStartConversation } from '../api/send-message.ts';
import { Avatar } from './avatar.tsx';
import { BackToInbox, ConversationSkeleton } from './conversation-view.tsx';
import { ListingHeader } from './listing-header.tsx';
import { MessageComposer } from './message-composer.tsx';

/**
 * 'Message seller' when no conversation about the listing exists yet: the listing and a text box;
 * the first message creates the conversation, which then opens in its place.
 */
export function ComposeView({ productId }: { productId: string }) {
  const product = useProduct(productId);
  if (product.isPending) return <ConversationSkeleton />;
  if (product.isError) {
    return (
      <div className="flex flex-1 flex-col">
        <div className="flex items-center gap-2 border-b border-slate-200 px-2 py-2">
          <BackToInbox />
        </div>
        <p role="alert" className="p-6 text-center text-sm text-red-700">
          {messageOf(product.error, m.composeLoadFailed)}
        </p>
      </div>
    );
  }
  return <Compose product={product.data} />;
}

function Compose({ product }: { product: Product }) {
  const navigate = useNavigate();
  const start = useStartConversation(product._id);
  const seller = product.seller;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b border-slate-200 px-2 py-2 sm:px-3">
        <BackToInbox />
        <Avatar url={seller.profilePicture.url || null} size={36} />
        <h2 className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900">{seller.userName}</h2>
      </div>
      <ListingHeader
        listing={{
          _id: product._id,
          title: product.title,
          thumbnailUrl: product.images[0]?.cardUrl ?? null,
          price: product.price,
          status: product.soldOut ? 'sold' : 'available',
        }}
      />
      <div className="flex min-h-0 flex-1 items-center justify-center bg-slate-50 p-6">
        <p className="max-w-sm text-center text-sm text-slate-700">{m.composeIntro(seller.userName)}</p>
      </div>
      <MessageComposer
        onSend={async (body) => {
          const answer = await start.mutateAsync(body);
          await navigate(paths.user.conversation(answer.conversation._id), { replace: true });
        }}
      />
    </div>
  );
}
