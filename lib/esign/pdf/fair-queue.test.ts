import { describe, expect, it } from "vitest";
import { FairQueue } from "./fair-queue";

/** Takes every waiting item, each finished before the next is taken (one worker). */
function takeOneAtATime(queue: FairQueue<string>): string[] {
  const taken: string[] = [];
  for (let item = queue.take(); item !== undefined; item = queue.take()) {
    taken.push(item);
    queue.finished(item[0]);
  }
  return taken;
}

describe("FairQueue", () => {
  it("gives the owners with work waiting a turn each, each owner's items in order", () => {
    const queue = new FairQueue<string>();
    for (const item of ["a1", "a2", "a3", "a4"]) queue.push("a", item);
    queue.push("b", "b1");
    queue.push("c", "c1");
    queue.push("b", "b2");
    expect([queue.waitingOf("a"), queue.waitingOf("b"), queue.waitingOf("c"), queue.waitingOf("d")]).toEqual([4, 2, 1, 0]);
    expect(takeOneAtATime(queue)).toEqual(["a1", "b1", "c1", "a2", "b2", "a3", "a4"]);
  });

  it("gives the next turn to an owner that has not had one before the owner whose item just finished", () => {
    const queue = new FairQueue<string>();
    queue.push("a", "a1");
    expect(queue.take()).toBe("a1");
    queue.push("a", "a2");
    queue.push("b", "b1");
    queue.finished("a");
    expect(takeOneAtATime(queue)).toEqual(["b1", "a2"]);
  });

  it("gives a free worker to an owner with none running before an owner with several", () => {
    const queue = new FairQueue<string>();
    for (const item of ["a1", "a2", "a3"]) queue.push("a", item);
    expect([queue.take(), queue.take()]).toEqual(["a1", "a2"]);
    queue.push("b", "b1");
    queue.finished("a");
    expect(queue.take()).toBe("b1");
    expect(queue.take()).toBe("a3");
  });

  it("drains every waiting item", () => {
    const queue = new FairQueue<string>();
    queue.push("a", "a1");
    queue.push("b", "b1");
    queue.push("a", "a2");
    expect(queue.drain()).toEqual(["a1", "a2", "b1"]);
    expect(queue.take()).toBeUndefined();
  });
});
