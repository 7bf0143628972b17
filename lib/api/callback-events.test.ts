import { describe, expect, it } from "vitest";
import { SPEC_EVENTS } from "@/lib/esign/audit/record-event";
import { CALLBACK_EVENT_CATALOGUE } from "./callback-events";

describe("the callback event catalogue", () => {
  it("offers exactly the events the service accepts, each once, each described", () => {
    const names = CALLBACK_EVENT_CATALOGUE.map((event) => event.name);
    expect([...names].sort()).toEqual([...SPEC_EVENTS].sort());
    expect(new Set(names).size).toBe(names.length);
    for (const event of CALLBACK_EVENT_CATALOGUE) expect(event.description.length, event.name).toBeGreaterThan(10);
  });
});
