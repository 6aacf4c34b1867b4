// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationMessages } from '#domain/conversations/conversation.messages.ts';
import { conversationUiMessages as m } from '#domain/conversations/conversation-ui.messages.ts';
import { ApiError } from '#web/api/api-client.ts';
import { MessageComposer } from './message-composer.tsx';

afterEach(cleanup);

/** A send the test finishes itself, to look at the box while it runs. */
function heldSend() {
  let finish: (outcome: { fail?: unknown }) => void = () => {};
  const onSend = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        finish = ({ fail }) => (fail ? reject(fail) : resolve());
      }),
  );
  return { onSend, finish: (outcome: { fail?: unknown } = {}) => finish(outcome) };
}

const box = () => screen.getByRole('textbox', { name: m.composerLabel });
const sendButton = () => screen.getByRole('button', { name: m.sendButton });

describe('the message box', () => {
  it('cannot send while empty or only spaces', () => {
    const onSend = vi.fn();
    render(<MessageComposer onSend={onSend} />);
    expect(sendButton()).toHaveProperty('disabled', true);
    fireEvent.change(box(), { target: { value: '   \n ' } });
    expect(sendButton()).toHaveProperty('disabled', true);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends the trimmed text on Enter and empties the box', async () => {
    const send = heldSend();
    render(<MessageComposer onSend={send.onSend} />);
    fireEvent.change(box(), { target: { value: '  Is it still available?  ' } });
    expect(sendButton()).toHaveProperty('disabled', false);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(send.onSend).toHaveBeenCalledWith('Is it still available?');
    send.finish();
    await waitFor(() => expect(box()).toHaveProperty('value', ''));
  });

  it('does not send on Shift+Enter, which starts a new line', () => {
    const onSend = vi.fn();
    render(<MessageComposer onSend={onSend} />);
    fireEvent.change(box(), { target: { value: 'Line one' } });
    const event = fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    // Not prevented: the textarea adds its new line.
    expect(event).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('disables sending while a message is on its way, so Enter cannot send it twice', async () => {
    const send = heldSend();
    render(<MessageComposer onSend={send.onSend} />);
    fireEvent.change(box(), { target: { value: 'Can you do 400?' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(sendButton()).toHaveProperty('disabled', true));
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(send.onSend).toHaveBeenCalledTimes(1);
    send.finish();
    await waitFor(() => expect(box()).toHaveProperty('value', ''));
  });

  it("keeps the text and shows the server's msg when sending fails", async () => {
    const send = heldSend();
    render(<MessageComposer onSend={send.onSend} />);
    fireEvent.change(box(), { target: { value: 'Meet at the library at 5?' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    send.finish({ fail: new ApiError('Request failed with status 403', 403, 'FORBIDDEN', conversationMessages.blocked) });
    expect((await screen.findByRole('alert')).textContent).toBe(conversationMessages.blocked);
    expect(box()).toHaveProperty('value', 'Meet at the library at 5?');
    expect(sendButton()).toHaveProperty('disabled', false);
  });

  it('says sending failed when no answer came', async () => {
    render(<MessageComposer onSend={() => Promise.reject(new ApiError('Network error', 0, 'NETWORK'))} />);
    fireEvent.change(box(), { target: { value: 'Hello' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe(m.sendFailed);
  });
});
