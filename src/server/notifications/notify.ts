import { randomUUID } from 'node:crypto';
import type { NotificationKind, NotificationPayloads } from '#domain/notifications/notification-kinds.ts';
import type { Notification } from '#domain/notifications/notification.wire.ts';
import { isPushKind } from '#domain/push/push.ts';
import { type Queryable, checkAtCommit } from '../db/client.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { MailTemplateData } from '../mail/mail-templates.ts';
import { type MailQueueContext, queueMailOfNewEvent } from '../mail/outbox.ts';
import { queuePushes } from '../push/push.ts';
import { type NotificationReach, type NotificationRow, insertNotification, reachOf } from './notifications.repository.ts';

declare module '../events/event-bus.ts' {
  interface BusTopics {
    /** A notification was committed for this user (the stream loads it by id). */
    'notification.created': { userId: string; notificationId: string };
    /** Some of this user's notifications were marked read. */
    'notifications.read': { userId: string };
  }
}

export interface NotifyContext extends MailQueueContext {
  events: EventBus;
}

/** Whom a notification is for: the account, and how its mail greets and reaches them. */
export interface NotificationRecipient {
  id: string;
  email: string;
  userName: string;
}

/** What a kind's mail shows beyond the notification itself (e.g. the seller's contact details). */
export type MailOnlyData<K extends NotificationKind> = Omit<MailTemplateData[K], 'recipientName' | 'payload'>;

export interface NewNotification<K extends NotificationKind> {
  to: NotificationRecipient;
  kind: K;
  payload: NotificationPayloads[K];
  /** What only the mail shows; false when this notification is never mailed at once (its feature mails later, if at all). */
  mail: MailOnlyData<K> | false;
  /** The mail goes whatever the user's preferences (an admin's action on their account must reach them). */
  alwaysMail?: boolean;
  /**
   * How the notification reaches the user, when the change read it with a statement of its own
   * (a buy request reads its seller's with the listing): one round trip fewer. Read here otherwise.
   */
  reach?: NotificationReach;
}

const NOBODY_REACHED: NotificationReach = { email: false, push: false, deviceIds: [] };

export function toNotificationWire(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    payload: row.payload,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  } as Notification;
}

/**
 * The one way a feature tells a user something: inside `tx`, the transaction of the change,
 * it stores the notification, queues its mail unless the user chose in-app only, queues a push to
 * each of the user's subscribed devices (kinds that are pushed, unless turned off), and announces
 * it to the user's open streams on every instance. All of it commits with the change or not at all.
 * Call it once per recipient; several recipients in one transaction are notified in id order.
 */
export async function notify<K extends NotificationKind>(tx: Queryable, ctx: NotifyContext, notification: NewNotification<K>) {
  const { to, kind, payload } = notification;
  const id = randomUUID();
  const asksMailChoice = notification.mail !== false && !notification.alwaysMail;
  // Read only when something depends on it: a kind never pushed, mailed always or never, asks nothing.
  const reach = notification.reach ?? (asksMailChoice || isPushKind(kind) ? await reachOf(tx, to.id, kind) : NOBODY_REACHED);
  // A push's job is announced once stored (its id is the statement's answer): awaited first, so
  // that no statement of this call is left in flight, unhandled, if it fails.
  await queuePushes(tx, ctx.jobs, { id, kind }, reach);
  // The mail's event is this new notification: no mail can exist for it yet (its answer is checked below).
  const mailQueued =
    notification.mail !== false && (notification.alwaysMail || reach.email)
      ? queueMailOfNewEvent(tx, ctx, {
          kind,
          to: to.email,
          userId: to.id,
          data: { recipientName: to.userName, payload, ...notification.mail } as unknown as MailTemplateData[K],
          eventKey: `notification:${id}`,
        })
      : undefined;
  // The notification goes out with the mail and its job (on node-postgres in one write, pipelined),
  // last: its user's notification lock is held from here until the commit, so other changes
  // notifying the same user (a seller with many buyers) wait for as little as possible.
  const sent = Promise.all([insertNotification(tx, { id, userId: to.id, kind, payload }), mailQueued]);
  // Nothing here needs the statements' answers: they are checked at COMMIT, in its round trip.
  if (!checkAtCommit(tx, sent)) await sent;
  await ctx.events.publish(tx, 'notification.created', { userId: to.id, notificationId: id });
}
