import { pushMessages } from '#domain/push/push.ts';
import { deleteSubscription, fetchPushPublicKey, fetchPushSubscriptions, saveSubscription } from './api/push-subscriptions.ts';
import { readyServiceWorker } from './service-worker-registration.ts';

/** What this browser can do about push, and whether it is on for the signed-in account. */
export type PushDeviceState =
  { kind: 'unsupported' } | { kind: 'blocked' } | { kind: 'ready'; on: boolean; endpoint: string | null };

/** Thrown with the words the account page shows. */
export class PushDeviceError extends Error {
  override name = 'PushDeviceError';
}

function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window && 'serviceWorker' in navigator;
}

/** The browser's subscription for this site, if any. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await readyServiceWorker();
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * Whether push is on for this device and account: the browser has a subscription and the server
 * lists its endpoint among the account's (another account may have subscribed this browser).
 */
export async function pushDeviceState(): Promise<PushDeviceState> {
  if (!pushSupported() || !(await readyServiceWorker())) return { kind: 'unsupported' };
  if (Notification.permission === 'denied') return { kind: 'blocked' };
  const subscription = await currentSubscription();
  if (!subscription) return { kind: 'ready', on: false, endpoint: null };
  const { subscriptions } = await fetchPushSubscriptions();
  const on = subscriptions.some((each) => each.endpoint === subscription.endpoint);
  return { kind: 'ready', on, endpoint: subscription.endpoint };
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

/** Asks the browser's permission, subscribes with the server's VAPID key and stores the subscription. */
export async function turnPushOn(): Promise<void> {
  const registration = pushSupported() ? await readyServiceWorker() : null;
  if (!registration) throw new PushDeviceError(pushMessages.unsupported);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushDeviceError(pushMessages.blocked);
  const publicKey = await fetchPushPublicKey();
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's keys were replaced) cannot be used.
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && btoaKey(current) !== publicKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  } catch {
    throw new PushDeviceError(pushMessages.failed);
  }
  await saveSubscription(subscription.toJSON());
}

function btoaKey(key: ArrayBuffer): string {
  let raw = '';
  for (const byte of new Uint8Array(key)) raw += String.fromCharCode(byte);
  return btoa(raw).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Forgets this device on the server, then in the browser. */
export async function turnPushOff(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  const { subscriptions } = await fetchPushSubscriptions();
  const mine = subscriptions.find((each) => each.endpoint === subscription.endpoint);
  if (mine) await deleteSubscription(mine._id);
  await subscription.unsubscribe();
}
