import path from "node:path";

/** The SQL migrations both databases are brought up to date with when they open. */
export const migrationsFolder = path.join(process.cwd(), "drizzle");
