import { describe, expect, it } from "vitest";
import { reportPageFilters, reportPageQuery, senderStatusBars } from "./report-view";

describe("the Reports page's filters and chart", () => {
  const today = new Date("2026-03-31T18:00:00Z");

  it("reads the address, with the last 30 days by default and unknown statuses or bad dates left out", () => {
    expect(reportPageFilters(new URLSearchParams(""), today)).toEqual({ from: "2026-03-02", to: "2026-03-31", senderId: undefined, status: undefined });
    expect(reportPageFilters(new URLSearchParams("from=2026-01-01&to=2026-01-31&sender=abc&status=sent"), today)).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
      senderId: "abc",
      status: "SENT",
    });
    expect(reportPageFilters(new URLSearchParams("from=yesterday&status=SIGNED"), today)).toMatchObject({ from: "2026-03-02", status: undefined });
    expect(reportPageQuery({ from: "2026-01-01", to: "2026-01-31", senderId: "abc", status: "SENT" })).toBe("from=2026-01-01&to=2026-01-31&sender=abc&status=SENT");
  });

  it("counts each sender's packages per status, the trash apart, and leaves out senders without any", () => {
    const sender = (id: string, name: string) => ({ id, name, email: `${id}@example.test` }) as never;
    const pkg = (status: string, trashed = false) => ({ id: status, name: status, status, trashed, created: "", updated: "", documents: [], signers: [] }) as never;
    const bars = senderStatusBars({
      from: "",
      to: "",
      senders: [
        { sender: sender("a", "Ann"), packages: [pkg("DRAFT"), pkg("DRAFT"), pkg("SENT"), pkg("DRAFT", true)] },
        { sender: sender("b", ""), packages: [] },
        { sender: sender("c", ""), packages: [pkg("COMPLETED")] },
      ],
    });
    expect(bars).toEqual([
      { id: "a", label: "Ann", counts: { DRAFT: 2, SENT: 1, TRASHED: 1 } },
      { id: "c", label: "c@example.test", counts: { COMPLETED: 1 } },
    ]);
  });
});
