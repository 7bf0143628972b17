import { describe, expect, it } from "vitest";
import type { SubAccountResponse } from "@/lib/api/sub-accounts";
import { accountsBelow, buildAccountTree, mayHaveSubAccounts, type AccountTreeNode } from "./account-tree";

const account = (id: string, parentAccountId: string): SubAccountResponse => ({
  id,
  name: `Name ${id}`,
  parentAccountId,
  timezoneId: "GMT",
  language: "en",
  company: { id, name: `Name ${id}` },
  customFields: [],
  licenses: [],
  owner: "owner",
  created: "2025-01-01T00:00:00Z",
  updated: "2025-01-01T00:00:00Z",
});

/** The tree as `id(children)` text, to compare shapes at a glance. */
const shape = (node: AccountTreeNode): string => (node.children.length ? `${node.id}(${node.children.map(shape).join(" ")})` : node.id);

describe("buildAccountTree", () => {
  it("puts the current account on top, children under it and grandchildren under them, in the service's order", () => {
    // The service lists children first, then grandchildren.
    const list = [account("a", "top"), account("b", "top"), account("a1", "a"), account("b1", "b"), account("a2", "a")];
    const tree = buildAccountTree({ id: "top", name: "Top" }, list);
    expect(shape(tree)).toBe("top(a(a1 a2) b(b1))");
    expect(tree).toMatchObject({ id: "top", name: "Top", level: 1 });
    expect(tree.account).toBeUndefined();
    expect(tree.children[0]).toMatchObject({ name: "Name a", level: 2, account: list[0] });
    expect(tree.children[0].children[1]).toMatchObject({ id: "a2", level: 3, children: [] });
  });

  it("is the current account alone when it has no sub accounts", () => {
    expect(buildAccountTree({ id: "top", name: "Top" }, [])).toEqual({ id: "top", name: "Top", level: 1, children: [] });
  });

  it("leaves out accounts whose parent is not in the list, and anything below the third level", () => {
    const list = [account("a", "top"), account("a1", "a"), account("a1x", "a1"), account("stray", "elsewhere"), { ...account("root", "x"), parentAccountId: undefined }];
    expect(shape(buildAccountTree({ id: "top", name: "Top" }, list))).toBe("top(a(a1))");
  });

  it("does not loop on a cycle", () => {
    const list = [account("a", "top"), account("b", "a"), account("a", "b")];
    expect(shape(buildAccountTree({ id: "top", name: "Top" }, list))).toBe("top(a(b))");
  });
});

describe("mayHaveSubAccounts", () => {
  it("offers creation on the first two levels only", () => {
    const tree = buildAccountTree({ id: "top", name: "Top" }, [account("a", "top"), account("a1", "a")]);
    expect(mayHaveSubAccounts(tree)).toBe(true);
    expect(mayHaveSubAccounts(tree.children[0])).toBe(true);
    expect(mayHaveSubAccounts(tree.children[0].children[0])).toBe(false);
  });
});

describe("accountsBelow", () => {
  it("lists every account under a node depth first, without the node itself", () => {
    const tree = buildAccountTree({ id: "top", name: "Top" }, [account("a", "top"), account("b", "top"), account("a1", "a")]);
    expect(accountsBelow(tree).map((node) => node.id)).toEqual(["a", "a1", "b"]);
    expect(accountsBelow(tree.children[1])).toEqual([]);
  });
});
