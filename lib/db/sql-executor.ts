/** Runs raw SQL with `$n` parameters; several statements at once when there are no parameters. */
export type SqlExecutor = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
