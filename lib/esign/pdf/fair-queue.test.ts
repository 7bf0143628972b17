import { describe, expect, it } from "vitest";
import { FairQueue } from "./fair-queue";

function takeAll(queue: FairQueue<string>): string[] {
  const taken: string[] = [];
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) taken.push(item);
  return taken;
}

describe("FairQueue", () => {
  it("serves the owners with work waiting in turn, each owner's items in order", () => {
    const queue = new FairQueue<string>();
    for (const item of ["a1", "a2", "a3", "a4"]) queue.push("a", item);
    queue.push("b", "b1");
    queue.push("c", "c1");
    queue.push("b", "b2");
    expect([queue.countOf("a"), queue.countOf("b"), queue.countOf("c"), queue.countOf("d")]).toEqual([4, 2, 1, 0]);
    expect(takeAll(queue)).toEqual(["a1", "b1", "c1", "a2", "b2", "a3", "a4"]);
  });

  it("puts an owner that comes back after its work ran out behind those waiting", () => {
    const queue = new FairQueue<string>();
    queue.push("a", "a1");
    queue.push("b", "b1");
    expect(queue.shift()).toBe("a1");
    queue.push("a", "a2");
    expect(takeAll(queue)).toEqual(["b1", "a2"]);
  });

  it("drains every waiting item", () => {
    const queue = new FairQueue<string>();
    queue.push("a", "a1");
    queue.push("b", "b1");
    queue.push("a", "a2");
    expect(queue.drain()).toEqual(["a1", "a2", "b1"]);
    expect(queue.shift()).toBeUndefined();
  });
});
