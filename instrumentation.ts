export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    try {
      const { startServer } = await import("@/lib/server-start");
      await startServer();
    } catch (error) {
      // startServer logs and exits on its own failures; this catches one in loading it, which
      // Next.js would otherwise print and then serve on without workers.
      console.error(`cannot start: ${(error as Error).message}`);
      process.exit(1);
    }
  }
}
