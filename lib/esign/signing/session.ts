import { and, eq, gt, lte } from "drizzle-orm";
import { config } from "@/lib/config";
import { getDb, type Queryable } from "@/lib/db/client";
import { packages, signingSessions } from "@/lib/db/schema";
import { now } from "@/lib/esign/clock";
import { conflict, forbidden, ServiceError, unsupportedMediaType } from "@/lib/esign/errors";
import { newId } from "@/lib/esign/ids";
import { isComplete } from "@/lib/esign/packages/package-status";
import { mediaType } from "@/lib/http/request-body";
import { isSafeMethod, requestSource } from "@/lib/http/request-source";
import { isPlausibleSigningToken, newSigningToken, signingTokenHash } from "./links/signing-token";

/**
 * A signer's session in the ceremony. Redeeming a link opens one; its token lives in an http-only
 * cookie of its own per package (`signet_signing_<packageId>`, so one browser can hold the
 * ceremonies of several packages) and in the database only as a hash.
 */
export interface SigningSession {
  id: string;
  packageId: string;
  roleId: string;
  /** The group member who opened the invitation; null for a person, or a group reached through the token API. */
  memberEmail: string | null;
  /** The sender hosting an in-person ceremony on their device. */
  hostUserId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
}

/** Long enough for a long contract read at leisure; a signer who comes back later opens their link again. */
export const SIGNING_SESSION_HOURS = 8;

export function signingCookieName(packageId: string): string {
  return `signet_signing_${packageId}`;
}

export interface NewSigningSession {
  packageId: string;
  roleId: string;
  memberEmail?: string | null;
  hostUserId?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** Opens a session in the caller's transaction; answers its token (for the cookie, stored nowhere) and its end. */
export async function openSigningSession(tx: Queryable, session: NewSigningSession): Promise<{ token: string; expires: Date }> {
  const created = now();
  const expires = new Date(created.getTime() + SIGNING_SESSION_HOURS * 3_600_000);
  // Housekeeping: the package's sessions past their end are of no further use.
  await tx.delete(signingSessions).where(and(eq(signingSessions.packageId, session.packageId), lte(signingSessions.expires, created)));
  const { token, tokenHash } = newSigningToken();
  await tx.insert(signingSessions).values({
    id: newId(),
    tokenHash,
    packageId: session.packageId,
    roleId: session.roleId,
    memberEmail: session.memberEmail ?? null,
    hostUserId: session.hostUserId ?? null,
    ipAddress: session.ipAddress ?? null,
    userAgent: session.userAgent ?? null,
    created,
    expires,
  });
  return { token, expires };
}

/**
 * The `Set-Cookie` value of a session, http-only. Over https it is `SameSite=None; Secure;
 * Partitioned`: an integrator's page on another site frames the ceremony (embedded signing, for
 * the origins its account lists), and a Lax cookie would not reach that frame; Partitioned keeps
 * it to that embedding site. Every write it authorises is checked for where it comes from
 * (signingSessionOf), so no cross-site page can act with it. Over plain http, where None is not
 * allowed without Secure, it stays SameSite=Lax (same-site embedding only).
 */
export function signingSessionCookie(packageId: string, token: string, expires: Date): string {
  const maxAge = Math.max(0, Math.round((expires.getTime() - now().getTime()) / 1000));
  const https = config().publicUrl.startsWith("https:");
  return [
    `${signingCookieName(packageId)}=${token}`,
    "Path=/",
    `Max-Age=${maxAge}`,
    `Expires=${expires.toUTCString()}`,
    "HttpOnly",
    ...(https ? ["SameSite=None", "Secure", "Partitioned"] : ["SameSite=Lax"]),
  ].join("; ");
}

/**
 * The original service's session cookie: its SDKs send the session a signer authentication token
 * was exchanged for (`GET /auth?signerAuthenticationToken=…`) under this name to act as the signer.
 */
export const ORIGINAL_SESSION_COOKIE = "ESIGNLIVE_SESSION_ID";

/** Whether a request acts as a signer through the original's session cookie, rather than with an API credential. */
export function actsAsSigner(request: Request): boolean {
  return !request.headers.has("authorization") && cookieValue(request, ORIGINAL_SESSION_COOKIE) !== null;
}

function cookieValue(request: Request, name: string): string | null {
  for (const pair of (request.headers.get("cookie") ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return null;
}

const noSession = () =>
  new ServiceError(
    401,
    "error.unauthorised.noSigningSession",
    "There is no signing session for this package in this browser, or it has ended. Open the link of your invitation again.",
  );

/** What a ceremony write may carry: JSON, or a multipart upload on the routes that take files. */
export type CeremonyBody = "json" | "multipart";

const CEREMONY_MEDIA_TYPES: Record<CeremonyBody, string> = { json: "application/json", multipart: "multipart/form-data" };

function hasBody(request: Request): boolean {
  return request.headers.has("transfer-encoding") || Number(request.headers.get("content-length") ?? "0") > 0;
}

/**
 * A change through the session cookie must come from the ceremony's own pages (request forgery):
 * a browser that says the request comes from another origin, another port or subdomain of this
 * host included, is refused (403). A request that says nothing is a program holding the session
 * token (the SDKs), not a forged one. The body must be declared as `body` (415): a form on another
 * page can send text/plain or a form encoding, never JSON, and an empty body needs no type.
 */
export function assertCeremonyWrite(request: Request, body: CeremonyBody = "json"): void {
  if (isSafeMethod(request.method)) return;
  if (requestSource(request) === "elsewhere") {
    throw forbidden("error.forbidden.crossSite", "The signing ceremony accepts changes only from its own pages.");
  }
  const type = mediaType(request);
  if (type === CEREMONY_MEDIA_TYPES[body] || (type === "" && !hasBody(request))) return;
  throw unsupportedMediaType(`Send this request's body as ${CEREMONY_MEDIA_TYPES[body]}${type ? `, not ${type}` : ""}.`);
}

/**
 * The ceremony session the request's cookie holds for `packageId`: 401 when there is none or it
 * has ended, 409 when the package is no longer out for signing (back to DRAFT, completed,
 * declined, trashed...). A write is first checked by assertCeremonyWrite (403, 415), with `body`
 * the kind of body the route reads. With `orComplete`, a session of a completed package still
 * answers (the signer's copy, offered on the ceremony's last page).
 */
export async function signingSessionOf(request: Request, packageId: string, body: CeremonyBody = "json", orComplete = false): Promise<SigningSession> {
  assertCeremonyWrite(request, body);
  const token = cookieValue(request, signingCookieName(packageId)) ?? cookieValue(request, ORIGINAL_SESSION_COOKIE);
  if (!isPlausibleSigningToken(token)) throw noSession();
  const db = await getDb();
  const [row] = await db
    .select({
      id: signingSessions.id,
      packageId: signingSessions.packageId,
      roleId: signingSessions.roleId,
      memberEmail: signingSessions.memberEmail,
      hostUserId: signingSessions.hostUserId,
      ipAddress: signingSessions.ipAddress,
      userAgent: signingSessions.userAgent,
      status: packages.status,
      trashed: packages.trashed,
    })
    .from(signingSessions)
    .innerJoin(packages, eq(packages.id, signingSessions.packageId))
    .where(and(eq(signingSessions.tokenHash, signingTokenHash(token)), eq(signingSessions.packageId, packageId), gt(signingSessions.expires, now())));
  if (!row) throw noSession();
  if ((row.status !== "SENT" && !(orComplete && isComplete(row.status))) || row.trashed) {
    throw conflict(
      "error.conflict.packageNotSent",
      row.trashed ? "This package was withdrawn by its sender; there is nothing to sign." : `This package is no longer out for signing (it is ${row.status}).`,
    );
  }
  return {
    id: row.id,
    packageId: row.packageId,
    roleId: row.roleId,
    memberEmail: row.memberEmail,
    hostUserId: row.hostUserId,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
  };
}
