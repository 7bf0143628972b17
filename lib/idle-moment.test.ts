import { describe, expect, it } from "vitest";
import { idleMoment } from "./idle-moment";

/** Keeps this thread busy for `ms` in slices, as a request's work does, then stops. */
async function busyFor(ms: number): Promise<void> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const slice = performance.now() + 5;
    while (performance.now() < slice);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("idleMoment", () => {
  it("resolves within a window or two on an idle thread", async () => {
    const started = performance.now();
    await idleMoment(5_000);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("waits while the thread is busy, and resolves once it is not", async () => {
    const started = performance.now();
    let busyEnded = 0;
    const busy = busyFor(300).then(() => (busyEnded = performance.now()));
    await idleMoment(5_000);
    const resolved = performance.now();
    await busy;
    expect(busyEnded - started).toBeGreaterThanOrEqual(300);
    expect(resolved).toBeGreaterThanOrEqual(busyEnded);
    expect(resolved - busyEnded).toBeLessThan(1_000);
  });

  it("gives up after maxMs when the thread stays busy", async () => {
    const busy = busyFor(1_500);
    const started = performance.now();
    await idleMoment(200);
    const waited = performance.now() - started;
    await busy;
    expect(waited).toBeGreaterThanOrEqual(190);
    expect(waited).toBeLessThan(1_400);
  });
});
