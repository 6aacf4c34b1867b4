import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { OTP_LENGTH } from '#domain/constants.ts';
import { cn } from '#web/lib/cn.ts';

export interface CodeInputProps {
  /** Exactly OTP_LENGTH entries, '' where no digit is typed yet. */
  digits: string[];
  onChange: (digits: string[]) => void;
  invalid?: boolean;
  disabled?: boolean;
  /** Id of the text that describes an error, for screen readers. */
  errorId?: string | undefined;
  /** Focus the first box when the boxes appear. */
  autoFocus?: boolean;
  /** Enter in any box (submits the code rather than the surrounding form). */
  onEnter?: () => void;
}

export const emptyCode = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

/**
 * Six single-digit boxes: typing a digit moves on, Backspace on an empty box goes back,
 * arrow keys move, and pasting the whole code fills every box.
 */
export function CodeInput({ digits, onChange, invalid, disabled, errorId, autoFocus, onEnter }: CodeInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))]?.focus();

  const setDigit = (index: number, digit: string) => {
    const next = [...digits];
    next[index] = digit;
    onChange(next);
  };

  const fillFrom = (index: number, text: string) => {
    const pasted = text
      .replace(/\D/g, '')
      .slice(0, OTP_LENGTH - index)
      .split('');
    if (pasted.length === 0) return;
    const next = [...digits];
    pasted.forEach((digit, offset) => (next[index + offset] = digit));
    onChange(next);
    focus(index + pasted.length);
  };

  const onInput = (index: number, value: string) => {
    const typed = value.replace(/\D/g, '');
    if (typed.length > 1) return fillFrom(index, typed); // autofill of the whole code
    setDigit(index, typed);
    if (typed) focus(index + 1);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && onEnter) {
      event.preventDefault();
      onEnter();
    } else if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      setDigit(index - 1, '');
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    // A whole code pasted anywhere fills all boxes from the first.
    const text = event.clipboardData.getData('text');
    fillFrom(text.replace(/\D/g, '').length >= OTP_LENGTH ? 0 : index, text);
  };

  return (
    <div className="flex gap-2">
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          value={digit}
          onChange={(event) => onInput(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoFocus={autoFocus && index === 0}
          pattern="[0-9]*"
          maxLength={OTP_LENGTH}
          disabled={disabled}
          aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
          aria-invalid={invalid || undefined}
          aria-describedby={errorId}
          className={cn(
            'h-12 min-w-0 max-w-12 flex-1 rounded-lg border border-slate-300 bg-white text-center text-lg font-semibold text-slate-900 shadow-sm sm:w-12',
            'focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100',
            'aria-[invalid=true]:border-red-500',
          )}
        />
      ))}
    </div>
  );
}
