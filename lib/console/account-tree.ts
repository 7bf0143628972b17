import type { SubAccountResponse } from "@/lib/api/sub-accounts";

/** Spec 8: parent, child, grandchild. The console shows the account it is in and two levels below. */
export const ACCOUNT_TREE_LEVELS = 3;

export interface AccountTreeNode {
  id: string;
  name: string;
  /** 1 for the account the console is in, 2 for its sub accounts, 3 for theirs. */
  level: number;
  /** The service's record; absent for the account the console is in (`GET /api/session` names it only). */
  account?: SubAccountResponse;
  children: AccountTreeNode[];
}

/**
 * The account the console is in with the sub accounts below it (`GET /api/account/subaccounts`,
 * flat, each naming its parent), to three levels. Siblings keep the service's order (creation).
 * An account whose parent is not in the list, or that sits deeper than three levels, is left out.
 */
export function buildAccountTree(current: { id: string; name: string }, subAccounts: readonly SubAccountResponse[]): AccountTreeNode {
  const childrenOf = new Map<string, SubAccountResponse[]>();
  for (const account of subAccounts) {
    if (!account.parentAccountId) continue;
    const siblings = childrenOf.get(account.parentAccountId) ?? [];
    siblings.push(account);
    childrenOf.set(account.parentAccountId, siblings);
  }
  const grow = (id: string, level: number): AccountTreeNode[] =>
    level > ACCOUNT_TREE_LEVELS
      ? []
      : (childrenOf.get(id) ?? []).map((account) => ({ id: account.id, name: account.name, level, account, children: grow(account.id, level + 1) }));
  return { id: current.id, name: current.name, level: 1, children: grow(current.id, 2) };
}

/**
 * Whether the console offers to create a sub account under `node`: not on the third level. The
 * console knows levels relative to the account it is in; when that is itself a sub account, the
 * service refuses a level too deep and the console shows its message.
 */
export function mayHaveSubAccounts(node: AccountTreeNode): boolean {
  return node.level < ACCOUNT_TREE_LEVELS;
}

/** Every account below `node`, in the order the tree shows them. */
export function accountsBelow(node: AccountTreeNode): AccountTreeNode[] {
  return node.children.flatMap((child) => [child, ...accountsBelow(child)]);
}
