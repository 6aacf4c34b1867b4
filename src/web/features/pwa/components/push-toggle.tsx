import { BellRing } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId } from 'react';
import { pushMessages } from '#domain/push/push.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { toast } from '#web/lib/toast.ts';
import { PushDeviceError } from '../push-device.ts';
import { usePushDevice, useSetPushOnDevice } from '../use-push-device.ts';

/**
 * 'Push notifications on this device': a switch for this browser. Turning it on asks the
 * browser's permission and subscribes; off forgets the device. Which kinds are pushed is chosen
 * per kind below it (notification-preferences.tsx).
 */
export function PushToggle() {
  const device = usePushDevice();
  const setOn = useSetPushOnDevice();
  const labelId = useId();
  const noteId = useId();

  const state = device.data;
  const on = state?.kind === 'ready' && state.on;
  // Not disabled while a change is saving (the focus would leave the switch); a second press then waits.
  const usable = state?.kind === 'ready';
  const note =
    state?.kind === 'unsupported'
      ? pushMessages.unsupported
      : state?.kind === 'blocked'
        ? pushMessages.blocked
        : pushMessages.settingIntro;

  const change = (next: boolean) => {
    if (setOn.isPending) return;
    setOn.mutate(next, {
      onSuccess: () => toast.success(next ? pushMessages.turnedOn : pushMessages.turnedOff),
      onError: (error) =>
        toast.error(
          error instanceof PushDeviceError
            ? error.message
            : messageOf(error, next ? pushMessages.failed : pushMessages.offFailed),
        ),
    });
  };

  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-slate-200 p-4">
      <div className="flex items-start gap-3">
        <BellRing className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
        <div>
          <p id={labelId} className="text-sm font-semibold text-slate-900">
            {pushMessages.settingLabel}
          </p>
          <p id={noteId} className="mt-1 text-sm text-slate-600">
            {note}
          </p>
        </div>
      </div>
      <div className="flex min-h-11 shrink-0 items-center gap-2">
        <span className="text-sm text-slate-700" aria-hidden="true">
          {on ? pushMessages.on : pushMessages.off}
        </span>
        <Switch.Root
          checked={on}
          disabled={!usable}
          onCheckedChange={change}
          aria-labelledby={labelId}
          aria-describedby={noteId}
          aria-busy={setOn.isPending}
          className="relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-slate-400 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-brand-600"
        >
          <Switch.Thumb className="block h-6 w-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
        </Switch.Root>
      </div>
    </div>
  );
}
