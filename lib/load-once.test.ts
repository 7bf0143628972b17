import { describe, expect, it } from "vitest";
import { loadOnce } from "./load-once";

describe("a module loaded once", () => {
  it("is loaded on the first call only, and the same module is handed to every caller", async () => {
    let loads = 0;
    const load = loadOnce(async () => ({ loaded: ++loads }));
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(second);
    expect(await load()).toBe(first);
    expect(loads).toBe(1);
  });

  it("hands a failed load to whoever awaits it, reports no unhandled rejection meanwhile, and loads again on the next call", async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", listener);
    try {
      let attempts = 0;
      const load = loadOnce(async () => {
        attempts += 1;
        if (attempts === 1) throw new Error("chunk failed");
        return "module";
      });
      const started = load(); // started beside a request, awaited later
      await new Promise((resolve) => setTimeout(resolve, 20));
      await expect(started).rejects.toThrow("chunk failed");
      expect(unhandled).toEqual([]);
      expect(await load()).toBe("module");
      expect(attempts).toBe(2);
    } finally {
      process.off("unhandledRejection", listener);
    }
  });
});
