import { describe, expect, it } from "vitest";
import { nestsDeeperThan } from "./json-depth";

const arrays = (levels: number) => "[".repeat(levels) + "]".repeat(levels);

describe("nestsDeeperThan", () => {
  it("counts arrays and objects, mixed, up to the limit", () => {
    expect(nestsDeeperThan(arrays(64), 64)).toBe(false);
    expect(nestsDeeperThan(arrays(65), 64)).toBe(true);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('"text"', 0)).toBe(false);
  });

  it("counts the deepest point, not the number of brackets", () => {
    expect(nestsDeeperThan(`[${Array(1000).fill("[]").join(",")}]`, 2)).toBe(false);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(nestsDeeperThan(JSON.stringify({ a: "[[[[{{{{" }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: 'say \\"[[[[" and \\' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify(['\\', [[1]]]), 2)).toBe(true);
  });

  it("scans a document nested 1,000,000 deep without a stack overflow", () => {
    expect(nestsDeeperThan(arrays(1_000_000), 64)).toBe(true);
  });
});
