import { describe, expect, it } from "vitest";
import { newId } from "./ids";

describe("newId", () => {
  it("gives ids of the asked size in letters and digits, none twice, across many refills of its random pool", () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => newId(i % 3 === 0 ? 9 : 18));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 30)) expect(id).toMatch(/^[A-Za-z0-9]+$/);
    expect(newId(9)).toHaveLength(12);
    expect(newId()).toHaveLength(24);
    expect(newId(6000)).toHaveLength(8000);
  });
});
