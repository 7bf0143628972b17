import { describe, expect, it } from "vitest";
import { ServiceError } from "@/lib/esign/errors";
import { assertEditable, statusChange, trashChange, type PackageState } from "./package-status";

const pkg = (status: PackageState["status"], trashed = false, type: PackageState["type"] = "PACKAGE"): PackageState => ({
  status,
  trashed,
  type,
});

function conflictOf(run: () => unknown): ServiceError {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error("expected a ServiceError");
}

describe("statusChange", () => {
  it.each([
    ["DRAFT", "SENT", "PACKAGE_ACTIVATE"],
    ["SENT", "DRAFT", "PACKAGE_DEACTIVATE"],
    ["SENT", "COMPLETED", "PACKAGE_COMPLETE"],
    ["COMPLETED", "ARCHIVED", "PACKAGE_ARCHIVE"],
    ["ARCHIVED", "COMPLETED", "PACKAGE_UNARCHIVE"],
  ] as const)("allows %s → %s with %s", (from, to, event) => {
    expect(statusChange(pkg(from), to)).toEqual({ status: to, event });
  });

  it("treats asking for the current status as no change", () => {
    expect(statusChange(pkg("DRAFT"), "DRAFT")).toBeNull();
    expect(statusChange(pkg("SENT"), "SENT")).toBeNull();
  });

  it.each([
    ["DRAFT", "COMPLETED"],
    ["DRAFT", "ARCHIVED"],
    ["COMPLETED", "SENT"],
    ["COMPLETED", "DRAFT"],
    ["ARCHIVED", "SENT"],
    ["DECLINED", "SENT"],
    ["EXPIRED", "DRAFT"],
  ] as const)("refuses %s → %s with 409", (from, to) => {
    const error = conflictOf(() => statusChange(pkg(from), to));
    expect(error.status).toBe(409);
    expect(error.message).toContain(to);
  });

  it.each(["DECLINED", "OPTED_OUT", "EXPIRED"] as const)("never lets a client set %s", (to) => {
    expect(conflictOf(() => statusChange(pkg("SENT"), to)).messageKey).toBe("error.conflict.invalidStatusChange");
  });

  it("refuses status changes of a trashed package and of templates", () => {
    expect(conflictOf(() => statusChange(pkg("DRAFT", true), "SENT")).messageKey).toBe("error.conflict.packageTrashed");
    expect(conflictOf(() => statusChange(pkg("DRAFT", false, "TEMPLATE"), "SENT")).messageKey).toBe("error.conflict.templateStatus");
  });
});

describe("trashChange", () => {
  it("trashes from any status and restores only a trashed package", () => {
    for (const status of ["DRAFT", "SENT", "COMPLETED", "DECLINED"] as const) {
      expect(trashChange(pkg(status), true)).toBe("PACKAGE_TRASH");
      expect(trashChange(pkg(status, true), false)).toBe("PACKAGE_RESTORE");
    }
    expect(trashChange(pkg("DRAFT"), false)).toBeNull();
    expect(trashChange(pkg("DRAFT", true), true)).toBeNull();
  });
});

describe("assertEditable", () => {
  it("allows drafts and refuses sent or trashed packages with 409", () => {
    expect(() => assertEditable(pkg("DRAFT"), "documents")).not.toThrow();
    expect(conflictOf(() => assertEditable(pkg("SENT"), "the document order")).messageKey).toBe("error.conflict.packageNotDraft");
    expect(conflictOf(() => assertEditable(pkg("DRAFT", true), "documents")).status).toBe(409);
  });
});
