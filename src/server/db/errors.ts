/** PostgreSQL's "unique_violation": the same on PGlite and node-postgres. */
const UNIQUE_VIOLATION = '23505';

/**
 * True when a query failed on a unique index (optionally a named one). Drizzle wraps driver
 * errors, so the cause chain is searched.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, constraint: violated } = current as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return constraint === undefined || violated === constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
