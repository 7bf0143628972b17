import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SENDER_STATUSES } from "@/lib/api/senders";
import { GROUP_MEMBER_TYPES } from "@/lib/api/groups";
import { ACCOUNT_AREAS } from "@/lib/console/account-areas";
import { ACCOUNT_TREE_LEVELS } from "@/lib/console/account-tree";
import { PERMISSION_CATALOGUE, PREDEFINED_ROLES } from "@/lib/esign/permissions";

/**
 * The account pages name things by keys built from data (an area, a permission, a status, a tree
 * level): console-keys.test.ts sees only the fixed start of such a key, so each key is checked
 * here against the data that builds it, in English (messages.test.ts holds the other languages to it).
 */

type Messages = { [key: string]: string | Messages };
const english = (part: string) => JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", "console", part, "en.json"), "utf8")) as Messages;
const at = (messages: Messages, key: string) => key.split(".").reduce<string | Messages | undefined>((node, step) => (node && typeof node === "object" ? node[step] : undefined), messages);

describe("the account pages' words for data", () => {
  it("name the predefined roles, in English as the service does (role-words.ts finds them by that name)", () => {
    const roles = english("roles");
    for (const { predefined, name, description } of PREDEFINED_ROLES) {
      expect({ predefined, name: at(roles, `predefined.${predefined}.name`), description: at(roles, `predefined.${predefined}.description`) }).toEqual({ predefined, name, description });
    }
  });

  it("name every area of the account menu", () => {
    const account = english("account");
    expect(ACCOUNT_AREAS.filter((area) => typeof at(account, `areas.${area.name}`) !== "string").map((area) => area.name)).toEqual([]);
  });

  it("name every area and describe every permission of the service's catalogue, in English as the service does", () => {
    const roles = english("roles");
    for (const { id, area, description } of PERMISSION_CATALOGUE) {
      expect({ area, name: at(roles, `areas.${area}`) }).toEqual({ area, name: expect.any(String) });
      expect({ id, description: at(roles, `catalogue.${id}`) }).toEqual({ id, description });
    }
  });

  it("name every sender status, group member type and tree level", () => {
    const senders = english("senders");
    const groups = english("groups");
    const subAccounts = english("subAccounts");
    expect(SENDER_STATUSES.map((status) => typeof at(senders, `status.${status}`))).toEqual(SENDER_STATUSES.map(() => "string"));
    expect(GROUP_MEMBER_TYPES.map((type) => typeof at(groups, `dialog.memberTypes.${type}`))).toEqual(GROUP_MEMBER_TYPES.map(() => "string"));
    const levels = Array.from({ length: ACCOUNT_TREE_LEVELS }, (_, index) => index + 1);
    expect(levels.map((level) => typeof at(subAccounts, `tree.level.${level}`))).toEqual(levels.map(() => "string"));
  });
});
