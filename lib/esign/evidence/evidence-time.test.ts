import { describe, expect, it } from "vitest";
import { formatEvidenceTime, knownTimeZone, readableIpAddress } from "./evidence-time";

describe("formatEvidenceTime", () => {
  const moment = new Date("2026-11-27T13:05:09Z");
  it.each([
    ["Europe/Paris", "27 Nov 2026, 14:05:09 CET (UTC+01:00)"],
    ["America/New_York", "27 Nov 2026, 08:05:09 EST (UTC-05:00)"],
    ["Asia/Kolkata", "27 Nov 2026, 18:35:09 (UTC+05:30)"],
    ["Europe/London", "27 Nov 2026, 13:05:09 GMT (UTC+00:00)"],
    ["GMT", "27 Nov 2026, 13:05:09 UTC"],
    ["UTC", "27 Nov 2026, 13:05:09 UTC"],
  ])("shows the time in %s with its zone", (zone, expected) => {
    expect(formatEvidenceTime(moment, zone)).toBe(expected);
  });

  it("follows daylight saving time", () => {
    expect(formatEvidenceTime(new Date("2026-07-01T12:00:00Z"), "Europe/Paris")).toBe("1 Jul 2026, 14:00:00 CEST (UTC+02:00)");
  });

  it("falls back to UTC for a zone the runtime does not know", () => {
    expect(knownTimeZone("Mars/Olympus_Mons")).toBe("UTC");
    expect(formatEvidenceTime(moment, "Mars/Olympus_Mons")).toBe("27 Nov 2026, 13:05:09 UTC");
  });
});

describe("readableIpAddress", () => {
  it.each([
    ["::ffff:198.51.100.23", "198.51.100.23"],
    ["::FFFF:10.0.0.1", "10.0.0.1"],
    ["198.51.100.23", "198.51.100.23"],
    ["2001:db8::1", "2001:db8::1"],
    ["::ffff:abcd:1", "::ffff:abcd:1"],
    [null, ""],
  ])("shows %j as %j", (input, expected) => {
    expect(readableIpAddress(input)).toBe(expected);
  });
});
