import { toast } from '#web/lib/toast.ts';
import { notificationMessages } from '#domain/notifications/notification.messages.ts';
import {
  NOTIFICATION_CHOICE_DEFAULT,
  NOTIFICATION_KINDS,
  type NotificationKind,
  notificationKindLabels,
} from '#domain/notifications/notification-kinds.ts';
import { isPushKind, pushMessages } from '#domain/push/push.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useNotificationPreferences, useSetNotificationPreference } from '../api/preferences.ts';

const CHOICES = [
  { email: false, label: notificationMessages.inAppOnly },
  { email: true, label: notificationMessages.alsoByEmail },
] as const;

/**
 * Per kind of notification: in the app only, or also by e-mail (security mails always go); and
 * for the kinds that can reach a phone, whether they are pushed to the devices turned on above.
 */
export function NotificationPreferences() {
  const preferences = useNotificationPreferences();
  const save = useSetNotificationPreference();

  if (preferences.isPending) {
    return (
      <div role="status" className="flex justify-center py-6">
        <Spinner className="h-6 w-6 text-brand-600" />
      </div>
    );
  }
  if (preferences.isError) return <p className="text-sm text-red-700">{notificationMessages.preferencesLoadFailed}</p>;

  const emailOn = (kind: NotificationKind) =>
    preferences.data.find((each) => each.kind === kind)?.email ?? NOTIFICATION_CHOICE_DEFAULT.email;
  const pushOn = (kind: NotificationKind) =>
    preferences.data.find((each) => each.kind === kind)?.push ?? NOTIFICATION_CHOICE_DEFAULT.push;
  const choose = (choice: { kind: NotificationKind; email?: boolean; push?: boolean }) =>
    save.mutate(choice, {
      onSuccess: (answer) => toast.success(answer.msg),
      onError: (error) => toast.error(messageOf(error, notificationMessages.preferenceSaveFailed)),
    });

  return (
    <div className="space-y-4">
      {NOTIFICATION_KINDS.map((kind) => (
        <fieldset key={kind} className="rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">{notificationKindLabels[kind]}</legend>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:gap-6">
            {CHOICES.map((choice) => (
              <label
                key={String(choice.email)}
                className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-800"
              >
                <input
                  type="radio"
                  name={`email-${kind}`}
                  checked={emailOn(kind) === choice.email}
                  onChange={() => choose({ kind, email: choice.email })}
                  className="h-4 w-4 accent-brand-600"
                />
                {choice.label}
              </label>
            ))}
            {isPushKind(kind) && (
              <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-800 sm:ml-auto">
                <input
                  type="checkbox"
                  checked={pushOn(kind)}
                  onChange={(event) => choose({ kind, push: event.target.checked })}
                  className="h-4 w-4 accent-brand-600"
                />
                {pushMessages.pushKindLabel}
              </label>
            )}
          </div>
        </fieldset>
      ))}
      <p className="text-sm text-slate-600">{notificationMessages.preferencesSecurityNote}</p>
    </div>
  );
}
