import { z } from 'zod';

/** One device of the signed-in user that gets push messages. */
export const pushSubscriptionSchema = z.object({
  _id: z.string(),
  endpoint: z.string(),
  createdAt: z.string(),
});
export type PushSubscriptionWire = z.infer<typeof pushSubscriptionSchema>;

export const pushSubscriptionResponseSchema = z.object({
  success: z.literal(true),
  msg: z.string(),
  subscription: pushSubscriptionSchema,
});
export type PushSubscriptionResponse = z.infer<typeof pushSubscriptionResponseSchema>;

export const pushSubscriptionListSchema = z.object({
  success: z.literal(true),
  subscriptions: z.array(pushSubscriptionSchema),
});
export type PushSubscriptionList = z.infer<typeof pushSubscriptionListSchema>;

/** GET /api/v1/push/public-key: the VAPID public key a browser subscribes with (base64url). */
export const pushPublicKeyResponseSchema = z.object({ success: z.literal(true), publicKey: z.string() });
export type PushPublicKeyResponse = z.infer<typeof pushPublicKeyResponseSchema>;
