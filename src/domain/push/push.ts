import type { NotificationKind } from '../notifications/notification-kinds.ts';

/**
 * The kinds of notification that may reach a phone by Web Push (each switchable per kind on the
 * account page, like e-mail): what a buyer or seller must hear about while the tab is closed.
 */
export const PUSH_KINDS = [
  'message.received',
  'buy-request.received',
  'buy-request.accepted',
  'buy-request.rejected',
] as const satisfies readonly NotificationKind[];
export type PushKind = (typeof PUSH_KINDS)[number];

export function isPushKind(kind: NotificationKind): kind is PushKind {
  return (PUSH_KINDS as readonly string[]).includes(kind);
}

/** A push subscription's endpoint: push services use a few hundred characters; more is not one. */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;
/** Devices an account may have subscribed; subscribing one more forgets the longest-unused. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;
/** How long a push service keeps trying to reach an offline device: after a day the news is stale. */
export const PUSH_TTL_SECONDS = 24 * 3600;

/**
 * What a push message carries, and nothing more: the notification's title and the path it opens.
 * Names, prices and message text stay on the server; the app shows them once opened.
 */
export interface PushMessage {
  title: string;
  link: string;
}

export const pushMessages = {
  settingLabel: 'Push notifications on this device',
  settingIntro:
    'Get a notification on this phone or computer for new messages and buy requests, even when Campus Market is closed.',
  on: 'On',
  off: 'Off',
  turnedOn: 'Push notifications are on for this device',
  turnedOff: 'Push notifications are off for this device',
  unsupported: 'This browser cannot show push notifications. On an iPhone, add Campus Market to the home screen first.',
  blocked: 'Notifications are blocked for this site. Allow them in the browser settings, then try again.',
  failed: 'Could not turn on push notifications. Please try again.',
  offFailed: 'Could not turn off push notifications. Please try again.',
  perKindHeading: 'Which notifications may be pushed',
  pushKindLabel: 'Push to my devices',
  endpointInvalid: 'The push endpoint must be an https address of a push service',
  endpointTooLong: `The push endpoint must be at most ${PUSH_ENDPOINT_MAX_LENGTH} characters`,
  keyInvalid: 'The push subscription keys are not valid',
  subscribed: 'Push notifications are on for this device',
  unsubscribed: 'Push notifications are off for this device',
  notFound: 'Push subscription not found',
  pushChoiceInvalid: 'Please choose whether to get push notifications',
  notPushed: 'This kind of notification is never pushed to devices',
} as const;
