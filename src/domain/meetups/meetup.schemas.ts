import { z } from 'zod';
import { SPOT_MAP_URL_MAX_CHARS, SPOT_NAME_MAX_CHARS } from './meetup.constants.ts';
import { meetupMessages as m } from './meetup.messages.ts';

const id = z.string({ error: m.spotNotFound }).min(1, m.spotNotFound).max(100);

/** POST /api/v1/conversations/{id}/meetup: a spot and a time (ISO 8601 with an offset). */
export const proposeMeetupBodySchema = z.object({
  spotId: id,
  meetAt: z.iso.datetime({ offset: true, error: m.timeRequired }),
});
export type ProposeMeetupBody = z.output<typeof proposeMeetupBodySchema>;

const mapUrl = z
  .string()
  .trim()
  .max(SPOT_MAP_URL_MAX_CHARS, m.spotUrlTooLong)
  .refine((value) => value === '' || /^https:\/\/[^\s]+$/i.test(value), m.spotUrlInvalid)
  .optional()
  .nullable()
  .transform((value) => (value ? value : null));

/** POST / PATCH /api/v1/admin/meetup-spots */
export const safeSpotBodySchema = z.object({
  name: z.string({ error: m.spotNameRequired }).trim().min(1, m.spotNameRequired).max(SPOT_NAME_MAX_CHARS, m.spotNameTooLong),
  mapUrl,
});
export type SafeSpotBody = z.output<typeof safeSpotBodySchema>;
export type SafeSpotForm = z.input<typeof safeSpotBodySchema>;
