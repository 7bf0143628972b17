import type { PGlite } from "@electric-sql/pglite";

/** Runs raw SQL with `$n` parameters; several statements at once when there are no parameters. */
export type SqlExecutor = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/** PGlite's extended protocol takes one statement; without parameters, run the text as a script. */
export async function pgliteExecute(
  client: Pick<PGlite, "query" | "exec">,
  text: string,
  values?: unknown[],
): Promise<{ rows: unknown[] }> {
  if (values && values.length > 0) return client.query(text, values);
  const results = await client.exec(text);
  return { rows: results.at(-1)?.rows ?? [] };
}
