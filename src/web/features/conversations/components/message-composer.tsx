import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { MESSAGE_MAX_CHARS } from '#domain/conversations/conversation.constants.ts';
import { conversationUiMessages as m } from '#domain/conversations/conversation-ui.messages.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { messageOf } from '#web/api/failure-message.ts';
import { cn } from '#web/lib/cn.ts';

export interface MessageComposerProps {
  /** Sends the text; a rejection keeps it in the box and shows why. */
  onSend: (text: string) => Promise<unknown>;
  className?: string;
}

/**
 * The text box under a conversation: Enter sends, Shift+Enter starts a new line; sending is
 * impossible while the box is empty (spaces only) or a message is on its way.
 */
export function MessageComposer({ onSend, className }: MessageComposerProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const empty = text.trim().length === 0;

  const send = async () => {
    if (empty || sending) return;
    setSending(true);
    setError(undefined);
    try {
      await onSend(text.trim());
      setText('');
    } catch (failure) {
      setError(messageOf(failure, m.sendFailed));
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method composes a word, Enter picks the word; it does not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <form onSubmit={onSubmit} className={cn('border-t border-slate-200 bg-white p-3', className)}>
      {error && (
        <p id={errorId} role="alert" className="mb-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          {m.composerLabel}
        </label>
        <span id={hintId} className="sr-only">
          {m.composerHint}
        </span>
        <textarea
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          maxLength={MESSAGE_MAX_CHARS}
          placeholder={m.composerPlaceholder}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          aria-invalid={error ? true : undefined}
          className="max-h-40 min-h-11 flex-1 resize-none rounded-xl border border-slate-300 bg-slate-50 px-3 py-2.5 text-sm text-slate-900 [field-sizing:content] placeholder:text-slate-500 focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
        <button
          type="submit"
          disabled={empty || sending}
          aria-label={m.sendButton}
          aria-busy={sending || undefined}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
        >
          {sending ? <Spinner className="h-5 w-5" /> : <SendHorizontal className="h-5 w-5" aria-hidden="true" />}
        </button>
      </div>
    </form>
  );
}
