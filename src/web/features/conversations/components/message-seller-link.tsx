import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { conversationMessages } from '#domain/conversations/conversation.messages.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { cn } from '#web/lib/cn.ts';

/**
 * 'Message seller' on a product page: opens the one conversation about this listing (or a first
 * message that starts it). A plain link, so the product page carries none of the messages' code.
 */
export function MessageSellerLink({
  productId,
  className,
  compact = false,
}: {
  productId: string;
  className?: string;
  /** Below md only the icon shows (the phone's action bar is narrow); the label stays for screen readers. */
  compact?: boolean;
}) {
  return (
    <Link
      to={paths.user.messageSeller(productId)}
      title={compact ? conversationMessages.messageSeller : undefined}
      className={cn(buttonClasses('secondary'), 'w-full', className)}
    >
      <MessageCircle className="h-5 w-5 shrink-0 md:h-4 md:w-4" aria-hidden="true" />
      <span className={cn('truncate', compact && 'max-md:sr-only')}>{conversationMessages.messageSeller}</span>
    </Link>
  );
}
