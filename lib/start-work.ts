/**
 * The start's work in the background (lib/server-start.ts, startInBackground: the database opened,
 * the job queue, the PDF workers, the seal certificate), for the health check to wait on while a
 * server starts. On globalThis: the routes' modules are not the instances the start
 * (instrumentation.ts) loaded.
 */
const holder = globalThis as unknown as { signetStartWork?: Promise<void> };

export function recordStartWork(work: Promise<void>): void {
  holder.signetStartWork = work.catch(() => {});
}

/** Settles when the start's work is done or has failed; undefined in a process that did not start as a server (tests, scripts). */
export function startWork(): Promise<void> | undefined {
  return holder.signetStartWork;
}
