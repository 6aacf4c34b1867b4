import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '#web/lib/cn.ts';
import { Input } from './field.tsx';

export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Shown as text instead of dots; the toggle is controlled so two fields can share it. */
  visible: boolean;
  onVisibleChange: (visible: boolean) => void;
}

/** A password field with a show/hide toggle that screen readers can name and operate. */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(
  { visible, onVisibleChange, className, ...props },
  ref,
) {
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="relative">
      <Input ref={ref} type={visible ? 'text' : 'password'} className={cn('pr-11', className)} {...props} />
      <button
        type="button"
        onClick={() => onVisibleChange(!visible)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900"
      >
        <Icon className="h-5 w-5" aria-hidden="true" />
      </button>
    </div>
  );
});
