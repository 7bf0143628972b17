/** `--batch-rows=N` of the database commands: rows read and written per transaction (default 1000). */
export function batchRowsArgument(args: string[], fallback = 1000): number {
  const given = args.find((arg) => arg.startsWith("--batch-rows="));
  if (!given) return fallback;
  const value = Number(given.slice("--batch-rows=".length));
  if (!Number.isInteger(value) || value < 1) throw new Error(`--batch-rows must be a whole number of 1 or more, got "${given}"`);
  return value;
}
