import { timestamp } from 'drizzle-orm/pg-core';

/** Every table keeps time with a zone so PGlite and PostgreSQL agree whatever the server's TZ. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** SQL list literal of allowed values for a CHECK constraint, from the domain's constants. */
export function sqlList(values: readonly string[]): string {
  return values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');
}
