import type { Db } from "@/lib/db/client";
import type { DelegationReportResponse } from "@/lib/api/reports";
import { wireDate } from "@/lib/api/wire";
import type { Caller } from "@/lib/esign/accounts/caller";
import { reportOwner, reportRange } from "./report-scope";

export interface DelegationReportQuery {
  from?: string;
  to?: string;
  senderId?: string;
}

/**
 * `GET /api/reports/delegation`: each sender's delegation events (a delegate added or removed,
 * a delegate acting for them), by sender id. Signet has no sender delegation yet
 * (`…/senders/{id}/delegates`), so no sender has any: the report is the truthful empty one, in the
 * original's shape, after the same checks as the other reports (dates, who may read whom).
 */
export async function delegationReport(db: Db, caller: Caller, query: DelegationReportQuery): Promise<DelegationReportResponse> {
  const dated = Boolean(query.from || query.to);
  const range = dated ? reportRange(query) : null;
  await reportOwner(db, caller, query.senderId);
  return range ? { from: wireDate(range.from), to: wireDate(range.to), delegationEvents: {} } : { delegationEvents: {} };
}
