import { Flag, MoreVertical, ShoppingBag } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { conversationMessages } from '#domain/conversations/conversation.messages.ts';
import { conversationUiMessages as m } from '#domain/conversations/conversation-ui.messages.ts';
import type { Message, Participant } from '#domain/conversations/conversation.wire.ts';
import { cn } from '#web/lib/cn.ts';
import { dayKind, formatDay, formatTime, groupByDay } from '../lib/group-by-day.ts';
import { LinkifiedText } from '../lib/linkify.tsx';

export interface MessageListProps {
  messages: Message[];
  myId: string;
  other: Participant;
  /** The other side read everything sent up to then: 'Seen' under your last message at or before it. */
  otherLastReadAt: string | null;
  onReport: (message: Message) => void;
}

function dayLabel(day: string): string {
  const kind = dayKind(day);
  return kind === 'today' ? m.today : kind === 'yesterday' ? m.yesterday : formatDay(day);
}

function systemText(message: Message): string {
  if (message.systemEvent === 'accepted') return conversationMessages.systemAccepted;
  if (message.systemEvent === 'rejected') return conversationMessages.systemRejected;
  return message.body;
}

/** A conversation's messages, oldest first, under a heading for each day. */
export function MessageList({ messages, myId, other, otherLastReadAt, onReport }: MessageListProps) {
  const lastMine = messages.findLast((message) => message.authorId === myId && message.kind !== 'system');
  const seenId =
    lastMine && otherLastReadAt && new Date(otherLastReadAt).getTime() >= new Date(lastMine.createdAt).getTime()
      ? lastMine._id
      : undefined;
  return (
    <ol className="space-y-4">
      {groupByDay(messages).map((group) => (
        <li key={group.day}>
          <h3 className="sticky top-0 z-10 mx-auto mb-3 w-fit rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700 shadow-sm">
            <time dateTime={group.day}>{dayLabel(group.day)}</time>
          </h3>
          <ol className="space-y-2">
            {group.items.map((message) => (
              <MessageItem
                key={message._id}
                message={message}
                mine={message.authorId === myId}
                other={other}
                seen={message._id === seenId}
                onReport={onReport}
              />
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}

function MessageItem({
  message,
  mine,
  other,
  seen,
  onReport,
}: {
  message: Message;
  mine: boolean;
  other: Participant;
  seen: boolean;
  onReport: (message: Message) => void;
}) {
  const time = (
    <time dateTime={message.createdAt} className="text-[11px] text-slate-600">
      {formatTime(message.createdAt)}
    </time>
  );
  if (message.kind === 'system') {
    // An offer's steps (issue 23) say who took them: "You: Offered ₹400." / "ravi: Countered with ₹450."
    const actor =
      message.systemEvent?.startsWith('offer-') && message.systemEvent !== 'offer-expired' && message.authorId !== null
        ? `${mine ? m.you : other.name}: `
        : '';
    return (
      <li className="flex justify-center px-2" data-kind="system" data-system-event={message.systemEvent ?? undefined}>
        <p className="max-w-md rounded-xl bg-amber-50 px-3 py-1.5 text-center text-xs text-amber-900 ring-1 ring-amber-200">
          {actor && <span className="font-semibold">{actor}</span>}
          {systemText(message)} <span className="whitespace-nowrap">· {time}</span>
        </p>
      </li>
    );
  }
  const authorName = message.authorId === null ? conversationMessages.deletedUser : mine ? m.you : other.name;
  return (
    <li className={cn('group flex items-start gap-1', mine ? 'flex-row-reverse' : 'flex-row')} data-kind={message.kind}>
      <div className={cn('flex min-w-0 max-w-[85%] flex-col sm:max-w-[70%]', mine ? 'items-end' : 'items-start')}>
        {message.authorId === null && (
          <span className="mb-0.5 px-1 text-xs font-medium italic text-slate-600">{conversationMessages.deletedUser}</span>
        )}
        <div
          className={cn(
            'min-w-0 whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm',
            mine ? 'rounded-br-md bg-brand-600 text-white' : 'rounded-bl-md bg-white text-slate-900 ring-1 ring-slate-200',
            message.kind === 'buy-request' && (mine ? 'ring-2 ring-amber-300' : 'ring-2 ring-amber-300'),
          )}
        >
          <span className="sr-only">{authorName}: </span>
          {message.kind === 'buy-request' && (
            <span
              className={cn(
                'mb-1 flex items-center gap-1 text-xs font-semibold uppercase tracking-wide',
                mine ? 'text-amber-100' : 'text-amber-800',
              )}
            >
              <ShoppingBag className="h-3.5 w-3.5" aria-hidden="true" />
              {conversationMessages.buyRequestLabel}
            </span>
          )}
          <LinkifiedText text={message.body} />
        </div>
        <div className="mt-0.5 flex items-center gap-2 px-1">
          {time}
          {seen && <span className="text-[11px] font-medium text-brand-700">{conversationMessages.seen}</span>}
        </div>
      </div>
      {!mine && (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger
            aria-label={m.messageActions}
            className="mt-1 flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 data-[state=open]:bg-slate-100"
          >
            <MoreVertical className="h-4 w-4" aria-hidden="true" />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="start"
              sideOffset={4}
              className="z-40 min-w-40 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200"
            >
              <DropdownMenu.Item
                onSelect={() => onReport(message)}
                className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-red-700 outline-none data-[highlighted]:bg-red-50"
              >
                <Flag className="h-4 w-4" aria-hidden="true" />
                {m.report}
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      )}
    </li>
  );
}
