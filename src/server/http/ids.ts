import { z } from 'zod';

/** Row ids are UUIDs; a string that is not one names nothing (and must not reach a uuid column). */
export function isUuid(value: string): boolean {
  return z.uuid().safeParse(value).success;
}
