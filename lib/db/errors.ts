/** True when a PostgreSQL unique constraint (optionally a named one) refused the write; drivers nest the cause. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  type DriverError = { code?: string; constraint?: string; message?: string; cause?: unknown };
  for (let current = error as DriverError | undefined; current; current = current.cause as DriverError | undefined) {
    if (current.code !== "23505") continue;
    if (!constraint || current.constraint === constraint || current.message?.includes(constraint)) return true;
  }
  return false;
}
