import type { Queryable } from "@/lib/db/client";
import type { WireSender } from "@/lib/api/senders";
import type { Caller } from "@/lib/esign/accounts/caller";
import { findSender, readSender } from "./sender-record";

/** `GET /api/account/senders/{id}`: a member of the caller's account (with the activation link while INVITED, for whoever may administer them). */
export async function getSender(db: Queryable, caller: Caller, senderId: string): Promise<WireSender> {
  return readSender(db, caller, await findSender(db, caller, senderId));
}
