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
export function MessageSellerLink({ productId, className }: { productId: string; className?: string }) {
  return (
    <Link to={paths.user.messageSeller(productId)} className={cn(buttonClasses('secondary'), 'w-full', className)}>
      <MessageCircle className="h-4 w-4" aria-hidden="true" />
      {conversationMessages.messageSeller}
    </Link>
  );
}
