import { describe, expect, it } from "vitest";
import { csvCell, csvRows, wantsCsv } from "./report-csv";

describe("report CSV", () => {
  it("quotes every cell, doubles quotes, keeps commas and line breaks inside the cell", () => {
    expect(csvRows([[csvCell('Say "hi", then\nleave'), csvCell(3), csvCell(false)]])).toBe('"Say ""hi"", then\nleave","3","false"\r\n');
  });

  it("puts an apostrophe before free text a spreadsheet would run as a formula, not before ids or dates", () => {
    for (const formula of ["=HYPERLINK(1)", "+1", "-2", "@SUM(A1)", "\tx", "\rx"]) expect(csvCell(formula, true)).toBe(`"'${formula}"`);
    expect(csvCell("-2")).toBe('"-2"');
    expect(csvCell("Plain name", true)).toBe('"Plain name"');
  });

  it("answers CSV for text/csv unless application/json ranks above it or ties before it", () => {
    expect(wantsCsv("text/csv")).toBe(true);
    expect(wantsCsv("text/csv, application/json")).toBe(true);
    expect(wantsCsv("application/json;q=0.5, text/csv")).toBe(true);
    expect(wantsCsv("application/json, text/csv")).toBe(false);
    expect(wantsCsv("text/csv;q=0")).toBe(false);
    expect(wantsCsv("*/*")).toBe(false);
    expect(wantsCsv(null)).toBe(false);
  });
});
