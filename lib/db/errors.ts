type DriverError = { code?: string; constraint?: string; message?: string; cause?: unknown };

/** The PostgreSQL error code of a failed query (and its constraint, or words of its message); drivers nest the database's error as a cause. */
function hasCode(error: unknown, code: string, constraintOrMessage?: string): boolean {
  for (let current = error as DriverError | undefined; current; current = current.cause as DriverError | undefined) {
    if (current.code !== code) continue;
    if (!constraintOrMessage || current.constraint === constraintOrMessage || current.message?.includes(constraintOrMessage)) return true;
  }
  return false;
}

/** A unique constraint (optionally a named one) refused the write. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return hasCode(error, "23505", constraint);
}

/** A foreign key refused the write: a row it refers to was removed meanwhile (a race between two requests). */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasCode(error, "23503");
}

/**
 * PostgreSQL refused to run a prepared statement whose result columns changed type since it was
 * prepared (a migration by another instance on the same database): "cached plan must not change
 * result type".
 */
export function isStalePreparedStatement(error: unknown): boolean {
  return hasCode(error, "0A000", "cached plan must not change result type");
}
