import { MailX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { notificationMessages } from '#domain/notifications/notification.messages.ts';
import { notificationKindLabels } from '#domain/notifications/notification-kinds.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { useUnsubscribe, useUnsubscribeInfo } from './api/unsubscribe.ts';

/**
 * Where a mail's unsubscribe link leads, signed in or not: it names the kind of mail and turns it
 * off on one click (opening the link alone changes nothing, so link scanners cannot unsubscribe).
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe(token);

  let content;
  if (info.isPending) {
    content = (
      <div role="status" className="flex justify-center py-4">
        <Spinner className="h-8 w-8 text-brand-600" />
      </div>
    );
  } else if (info.isError) {
    content = <p className="text-slate-700">{messageOf(info.error, notificationMessages.unsubscribeInvalid)}</p>;
  } else {
    const label = notificationKindLabels[info.data.kind];
    content = unsubscribe.isSuccess ? (
      <div role="status" className="space-y-2">
        <p className="font-medium text-slate-900">{unsubscribe.data.msg}</p>
        <p className="text-sm text-slate-700">{notificationMessages.unsubscribeManage}</p>
      </div>
    ) : !info.data.subscribed ? (
      <div className="space-y-2">
        <p className="font-medium text-slate-900">{notificationMessages.alreadyUnsubscribed(label)}</p>
        <p className="text-sm text-slate-700">{notificationMessages.unsubscribeManage}</p>
      </div>
    ) : (
      <div className="space-y-4">
        <p className="text-lg font-medium text-slate-900">{notificationMessages.unsubscribeQuestion(label)}</p>
        <p className="text-sm text-slate-700">{notificationMessages.unsubscribeExplain}</p>
        {unsubscribe.isError && (
          <p role="alert" className="text-sm text-red-700">
            {messageOf(unsubscribe.error, notificationMessages.unsubscribeFailed)}
          </p>
        )}
        <Button onClick={() => unsubscribe.mutate()} busy={unsubscribe.isPending}>
          {unsubscribe.isPending ? notificationMessages.unsubscribing : notificationMessages.unsubscribeButton}
        </Button>
      </div>
    );
  }

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <section className="w-full max-w-md space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <p className="text-xl font-extrabold tracking-tight text-brand-700">Campus Market</p>
        <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <MailX className="h-6 w-6 text-brand-600" aria-hidden="true" />
          {notificationMessages.unsubscribeTitle}
        </h1>
        {content}
        <Link to={paths.root} className="inline-block text-sm font-medium text-brand-700 underline underline-offset-2">
          {notificationMessages.goToSite}
        </Link>
      </section>
    </main>
  );
}
