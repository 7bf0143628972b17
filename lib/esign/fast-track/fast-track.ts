import { and, eq } from "drizzle-orm";
import type { FastTrackAnswer, FastTrackRolesInput } from "@/lib/api/fast-track";
import type { Db } from "@/lib/db/client";
import { packages, roles } from "@/lib/db/schema";
import { callerFor, type Caller } from "@/lib/esign/accounts/caller";
import { config } from "@/lib/config";
import { badRequest, gone, notFound } from "@/lib/esign/errors";
import { clonePackage } from "@/lib/esign/packages/clone-package";
import { findPackage } from "@/lib/esign/packages/find-package";
import { roleSigningUrl } from "@/lib/esign/signing/links/role-signing-links";
import { now } from "@/lib/esign/clock";
import { rateLimitKey } from "@/lib/http/ip-address";
import { fastTrackLimitReached, fastTrackRefusal, recordFastTrackStart, tellOwnerOfLimit, type FastTrackLimit } from "./fast-track-limits";
import { fastTrackToken, readFastTrackToken } from "./fast-track-token";

/**
 * The original service's fast track: a public link to a template. Whoever opens it fills the
 * template's placeholders (roles without a signer) with themselves, which makes a package of the
 * template's sender from it; with `signing`, the package is sent and they go on to sign it.
 */

/** `GET /api/fastTrack/{templateId}/url?signing=`: the template's link, for its account's senders. */
export async function fastTrackUrl(db: Db, caller: Caller, templateId: string, signing: boolean): Promise<FastTrackAnswer> {
  const template = await findPackage(db, caller, templateId);
  if (template.type !== "TEMPLATE") throw badRequest("error.validation.notTemplate", "Fast track starts from a template; this is a package.");
  const url = `${config().publicUrl}/fasttrack?token=${fastTrackToken(template.id, signing)}`;
  return { url, packageId: template.id };
}

/** What the fast track page shows before anyone fills it: the template's name and its placeholders. */
export async function fastTrackForm(db: Db, token: string | null): Promise<{ name: string; placeholders: { id: string; name: string }[]; signing: boolean }> {
  const { template, signing } = await templateOfToken(db, token);
  const placeholders = (await templateRoles(db, template.id)).filter(isPlaceholder).map((role) => ({ id: role.id, name: role.name ?? role.id }));
  return { name: template.name, placeholders, signing };
}

/**
 * `POST /api/fastTrack?token=`: the roles given (placeholders of the template, each with one
 * signer) fill a new package of the template's sender. With signing, it is sent and the answer is
 * the first given role's signing link; else it stays a draft. Past a fast track limit
 * (fast-track-limits.ts) nothing is made: 429, and the template's owner is told once a day. One
 * transaction: the count, the package and its link, or the owner's notice alone.
 */
export async function startFastTrack(db: Db, token: string | null, given: FastTrackRolesInput, clientAddress: string): Promise<FastTrackAnswer> {
  const { template, signing } = await templateOfToken(db, token);
  const placeholders = new Map((await templateRoles(db, template.id)).filter(isPlaceholder).map((role) => [role.id, role]));
  for (const role of given) {
    if (!placeholders.has(role.id)) {
      throw badRequest("error.validation.fastTrackRole", `The template has no role "${role.id}" waiting for a signer; fill one of: ${[...placeholders.keys()].join(", ") || "none"}.`);
    }
    if (role.signers.length !== 1 || !role.signers[0].email) {
      throw badRequest("error.validation.fastTrackSigner", `Role "${role.id}" needs one signer with an e-mail address.`);
    }
  }
  const sender = await senderOf(db, template, clientAddress);
  const addressKey = rateLimitKey(clientAddress);
  const outcome = await db.transaction(async (tx): Promise<FastTrackAnswer | FastTrackLimit> => {
    const at = now();
    const reached = await fastTrackLimitReached(tx, template, addressKey, at);
    if (reached) {
      await tellOwnerOfLimit(tx, template, reached, at);
      return reached;
    }
    await recordFastTrackStart(tx, template, addressKey, at);
    const { id } = await clonePackage(tx, sender, template.id, {
      name: template.name,
      type: "PACKAGE",
      status: signing ? "SENT" : "DRAFT",
      due: undefined,
      roles: given,
    });
    if (!signing) return { url: `${config().publicUrl}/packages/${id}`, packageId: id };
    return roleSigningUrl(tx, sender, id, given[0].id);
  });
  if ("limit" in outcome) throw fastTrackRefusal(outcome);
  return outcome;
}

async function templateOfToken(db: Db, token: string | null) {
  const read = readFastTrackToken(token);
  if (!read) throw notFound("error.notFound.fastTrack", "This fast track link is not valid.");
  const [template] = await db.select().from(packages).where(and(eq(packages.id, read.templateId), eq(packages.type, "TEMPLATE")));
  if (!template || template.trashed || template.status === "DELETED") throw gone("error.gone.fastTrackTemplate", "The template behind this fast track link has been removed.");
  return { template, signing: read.signing };
}

const templateRoles = (db: Db, templateId: string) => db.select().from(roles).where(eq(roles.packageId, templateId));
const isPlaceholder = (role: typeof roles.$inferSelect) => role.type !== "SENDER" && !role.signer && role.signs !== false;

/** The template's sender, acting: the package is theirs, as if they had made it. */
async function senderOf(db: Db, template: typeof packages.$inferSelect, clientAddress: string): Promise<Caller> {
  const sender = await callerFor(db, template.ownerUserId, template.accountId, clientAddress, "apiKey");
  if (!sender || sender.user.status !== "ACTIVE") throw gone("error.gone.fastTrackSender", "The sender of this fast track link can no longer send packages.");
  return sender;
}
