import { describe, expect, it } from "vitest";
import { ACCOUNT_AREAS, permittedAreas } from "./account-areas";

describe("permittedAreas", () => {
  it("offers every area when the service does not list permissions", () => {
    expect(permittedAreas(undefined)).toEqual(ACCOUNT_AREAS);
  });

  it("offers exactly the areas the permissions reach, and those open to everyone", () => {
    const names = permittedAreas(new Set(["groups.view", "reports.view", "transaction.transaction"])).map((area) => area.name);
    expect(names).toEqual(["groups", "integrations", "password", "delegates", "notary", "reports", "outbox"]);
  });

  it("offers an owner every area", () => {
    const everything = new Set(ACCOUNT_AREAS.flatMap((area) => (area.permission ? [area.permission] : [])));
    expect(permittedAreas(everything)).toEqual(ACCOUNT_AREAS);
  });
});
