import { z } from 'zod';
import { MEETUP_STATUSES } from './meetup.constants.ts';

export const safeSpotSchema = z.object({
  _id: z.string(),
  name: z.string(),
  mapUrl: z.string().nullable(),
  /** Admins' list only: removed spots stay for the meet-ups that named them. */
  removed: z.boolean(),
});
export type SafeSpot = z.infer<typeof safeSpotSchema>;

export const safeSpotsResponseSchema = z.object({ success: z.literal(true), spots: z.array(safeSpotSchema) });
export type SafeSpotsResponse = z.infer<typeof safeSpotsResponseSchema>;
export const safeSpotResponseSchema = z.object({ success: z.literal(true), msg: z.string(), spot: safeSpotSchema });

export const meetupSchema = z.object({
  _id: z.string(),
  status: z.enum(MEETUP_STATUSES),
  spot: z.object({ _id: z.string(), name: z.string(), mapUrl: z.string().nullable() }),
  meetAt: z.string(),
  /** Who proposed it (null once the account is gone); `mine` when it was the caller. */
  proposerId: z.string().nullable(),
  proposerName: z.string(),
  mine: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Meetup = z.infer<typeof meetupSchema>;

/** GET /api/v1/conversations/{id}/meetup: the agreed meet-up and the proposal waiting for an answer. */
export const conversationMeetupResponseSchema = z.object({
  success: z.literal(true),
  accepted: meetupSchema.nullable(),
  proposal: meetupSchema.nullable(),
});
export type ConversationMeetup = z.infer<typeof conversationMeetupResponseSchema>;

export const meetupResponseSchema = z.object({ success: z.literal(true), msg: z.string(), meetup: meetupSchema });
