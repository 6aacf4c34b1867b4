import type { PushPublicKeyResponse, PushSubscriptionList, PushSubscriptionResponse } from '#domain/push/push.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';

/** Every push answer lives under 'push'. */
export const pushKeys = {
  all: ['push'] as const,
  device: ['push', 'device'] as const,
};

export function fetchPushPublicKey(): Promise<string> {
  return apiRequest<PushPublicKeyResponse>('/push/public-key').then((answer) => answer.publicKey);
}

export function saveSubscription(subscription: PushSubscriptionJSON): Promise<PushSubscriptionResponse> {
  return apiRequest<PushSubscriptionResponse>('/push/subscriptions', {
    method: 'POST',
    body: { endpoint: subscription.endpoint, keys: subscription.keys },
  });
}

export function fetchPushSubscriptions(): Promise<PushSubscriptionList> {
  return apiRequest<PushSubscriptionList>('/push/subscriptions');
}

export function deleteSubscription(id: string): Promise<{ msg: string }> {
  return apiRequest<{ msg: string }>(`/push/subscriptions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
