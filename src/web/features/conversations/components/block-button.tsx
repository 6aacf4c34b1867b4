import { Ban, CircleCheck } from 'lucide-react';
import { conversationUiMessages as m } from '#domain/conversations/conversation-ui.messages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { useDisclosure } from '#web/components/ui/use-disclosure.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { toast } from '#web/lib/toast.ts';
import { useSetBlocked } from '../api/blocks.ts';

/**
 * Block (after a confirmation: it hides their listings and stops their messages) or Unblock (at
 * once: it only gives back what blocking took away).
 */
export function BlockButton({
  userId,
  name,
  blocked,
  size = 'sm',
  className,
}: {
  userId: string;
  name: string;
  blocked: boolean;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const confirm = useDisclosure();
  const setBlocked = useSetBlocked();
  const run = (block: boolean) =>
    setBlocked.mutate(
      { userId, blocked: block },
      {
        onSuccess: (answer) => {
          confirm.close();
          toast.success(answer.msg);
        },
        onError: (error) => toast.error(messageOf(error, block ? m.blockFailed : m.unblockFailed)),
      },
    );

  if (blocked) {
    return (
      <Button variant="secondary" size={size} busy={setBlocked.isPending} onClick={() => run(false)} className={className}>
        <CircleCheck className="h-4 w-4" aria-hidden="true" />
        {m.unblock}
        <span className="sr-only"> {name}</span>
      </Button>
    );
  }
  return (
    <>
      <Button variant="secondary" size={size} onClick={confirm.open} className={className}>
        <Ban className="h-4 w-4" aria-hidden="true" />
        {m.block}
        <span className="sr-only"> {name}</span>
      </Button>
      <ConfirmDialog
        open={confirm.isOpen}
        onOpenChange={confirm.setOpen}
        title={m.blockConfirmTitle(name)}
        description={m.blockConfirmText}
        confirmLabel={m.block}
        onConfirm={() => run(true)}
        busy={setBlocked.isPending}
      />
    </>
  );
}
