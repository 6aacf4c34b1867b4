import { Link } from 'react-router';
import { conversationMessages } from '#domain/conversations/conversation.messages.ts';
import { conversationUiMessages as m } from '#domain/conversations/conversation-ui.messages.ts';
import type { ConversationListing } from '#domain/conversations/conversation.wire.ts';
import { formatPrice } from '#domain/products/pricing.ts';
import { paths } from '#web/config/paths.ts';
import { cn } from '#web/lib/cn.ts';
import { ListingThumb } from './avatar.tsx';

const statusStyle = {
  available: 'bg-green-100 text-green-800',
  sold: 'bg-red-100 text-red-800',
  deleted: 'bg-slate-200 text-slate-800',
} as const;

const statusText = { available: m.statusAvailable, sold: m.statusSold, deleted: conversationMessages.listingRemoved } as const;

/** What a conversation is about: the listing's photo, title, price and whether it is still for sale. */
export function ListingHeader({ listing }: { listing: ConversationListing }) {
  const title = <span className="block truncate text-sm font-semibold text-slate-900">{listing.title}</span>;
  return (
    <div className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2">
      <ListingThumb url={listing.thumbnailUrl} size={44} className={cn(listing.status === 'deleted' && 'opacity-60 grayscale')} />
      <div className="min-w-0 flex-1">
        {listing._id && listing.status !== 'deleted' ? (
          <Link to={paths.shop.product(listing._id)} className="block min-w-0 hover:underline">
            {title}
          </Link>
        ) : (
          title
        )}
        <div className="mt-0.5 flex flex-wrap items-center gap-2">
          <span className="text-sm font-bold text-slate-900">{formatPrice(listing.price)}</span>
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', statusStyle[listing.status])}>
            {statusText[listing.status]}
          </span>
        </div>
      </div>
    </div>
  );
}
