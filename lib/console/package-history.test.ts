import { describe, expect, it } from "vitest";
import { historyEntries } from "./package-history";
import type { PackageAuditEvent } from "./queries/package-detail";

const event = (type: string, email: string, target: string, at: string): PackageAuditEvent => ({
  type,
  "target-type": target ? "Document" : "",
  target,
  user: email,
  "user-email": email,
  "user-ip": "203.0.113.5",
  "date-time": at,
  data: "",
});

describe("the package's history", () => {
  it("shows a signer's views of one document in a row as one line, the latest, with how many and since when", () => {
    const trail = [
      event("Package Send", "owner@example.test", "", "2026-11-27T10:00:00Z"),
      event("View", "ann@example.test", "Lease", "2026-11-27T10:01:00Z"),
      event("View", "ann@example.test", "Lease", "2026-11-27T10:02:00Z"),
      event("View", "ann@example.test", "Lease", "2026-11-27T10:03:00Z"),
      event("Click To Sign", "ann@example.test", "Lease", "2026-11-27T10:04:00Z"),
    ];
    expect(historyEntries(trail).map(({ event: { type, "date-time": at }, times, firstAt }) => ({ type, at, times, firstAt }))).toEqual([
      { type: "Click To Sign", at: "2026-11-27T10:04:00Z", times: 1, firstAt: undefined },
      { type: "View", at: "2026-11-27T10:03:00Z", times: 3, firstAt: "2026-11-27T10:01:00Z" },
      { type: "Package Send", at: "2026-11-27T10:00:00Z", times: 1, firstAt: undefined },
    ]);
  });

  it("keeps views apart when the signer, the document or something between them differs", () => {
    const trail = [
      event("View", "ann@example.test", "Lease", "2026-11-27T10:01:00Z"),
      event("View", "bob@example.test", "Lease", "2026-11-27T10:02:00Z"),
      event("View", "bob@example.test", "Annex", "2026-11-27T10:03:00Z"),
      event("Accept", "bob@example.test", "Annex", "2026-11-27T10:04:00Z"),
      event("View", "bob@example.test", "Annex", "2026-11-27T10:05:00Z"),
    ];
    expect(historyEntries(trail).map((entry) => entry.times)).toEqual([1, 1, 1, 1, 1]);
  });

  it("never merges events of other types, even the same one repeated", () => {
    const send = event("Signer Reinvite", "owner@example.test", "", "2026-11-27T10:01:00Z");
    expect(historyEntries([send, { ...send, "date-time": "2026-11-27T10:02:00Z" }])).toHaveLength(2);
  });
});
