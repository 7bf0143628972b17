import { inArray } from "drizzle-orm";
import { packages } from "@/lib/db/schema";

/** Which packages a sweep looks at: every account's, unless `accountIds` narrows it (tests share one database). */
export interface SweepScope {
  accountIds?: string[];
}

/** The claim queries' condition for the scope (undefined: no condition). */
export function inScope(scope: SweepScope) {
  return scope.accountIds ? inArray(packages.accountId, scope.accountIds) : undefined;
}
