/**
 * Runs once when the server starts: opens the database (taking the DATA_DIR lock in embedded mode
 * and applying migrations) so that a second process on the same folder refuses to start at once,
 * with a clear message, instead of failing on its first request.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { database } = await import("@/lib/db/client");
  const { serverSecret } = await import("@/lib/esign/security/server-secret");
  try {
    serverSecret();
    const { kind } = await database();
    console.log(`[signet] database ready (${kind})`);
  } catch (error) {
    console.error(`[signet] cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
}
