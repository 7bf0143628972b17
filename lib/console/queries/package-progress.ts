"use client";

import { useQuery } from "@tanstack/react-query";
import type { WirePackage, WireRole } from "@/lib/api/packages";
import { apiJson, apiPath } from "@/lib/console/api-client";
import { usePackageAudit } from "./package-detail";
import { packageKeys } from "./packages";
import { appendTo } from "@/lib/collections";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";

/**
 * How far a listed package's signing has come, per signer. Lists carry roles but not approvals,
 * so for a package out for signing (or stopped on the way: declined, opted out, expired) the
 * whole package is read, sharing `packageKeys.one` with the package page. A draft has no
 * progress yet; a completed package is signed by everyone.
 */

const STATUSES_READ_IN_FULL = new Set(["SENT", "DECLINED", "OPTED_OUT", "EXPIRED"]);

/**
 * Whether a role signs: a signer's does, and the sender's own role when the sender signs too. Such
 * a role holds the consent approval every signing role gets, whatever its id (the console names it
 * `Owner`, an SDK may name it otherwise); where approvals are not read (lists), `Owner` tells.
 */
export function isSigningRole(pkg: Pick<WirePackage, "documents">, role: WireRole): boolean {
  if (role.type !== "SENDER") return true;
  const consentApprovals = pkg.documents?.find((document) => document.id === CONSENT_DOCUMENT_ID)?.approvals ?? [];
  return consentApprovals.length > 0 ? consentApprovals.some((approval) => approval.role === role.id) : role.id === "Owner";
}

/** The roles that sign: signers, and the sender's role when the sender signs. */
export function signingRoles(pkg: Pick<WirePackage, "roles" | "documents">): WireRole[] {
  return pkg.roles.filter((role) => isSigningRole(pkg, role));
}

export interface SignerProgress {
  role: WireRole;
  /** Unknown (undefined) for a draft, while loading, or when the package could not be read. */
  signed: boolean | undefined;
  /** For a package that stopped without them: they declined or opted out (the audit trail says who), or did not sign. */
  stopped?: "declined" | "optedOut" | "didNotSign";
}

/** The e-mails of the signers who refused, by the audit trail's type ("Decline", "Opt Out"). */
function refusedBy(events: { type: string; "user-email": string }[] | undefined, type: string): Set<string> {
  return new Set((events ?? []).filter((event) => event.type === type).map((event) => event["user-email"].toLowerCase()));
}

function addressesOf(role: WireRole): string[] {
  const signer = (role.signers[0] ?? {}) as { email?: unknown; group?: { email?: unknown } };
  return [signer.email, signer.group?.email].filter((address): address is string => typeof address === "string").map((address) => address.toLowerCase());
}

export interface SigningProgress {
  signers: SignerProgress[];
  /** How many have signed, when known. */
  signedCount: number | undefined;
  loading: boolean;
}

function signedRoleIds(full: WirePackage): Set<string> {
  const approvalsByRole = new Map<string, boolean[]>();
  for (const document of full.documents) {
    for (const approval of document.approvals) {
      appendTo(approvalsByRole, approval.role, Boolean(approval.signed || approval.accepted));
    }
  }
  return new Set([...approvalsByRole].filter(([, done]) => done.length > 0 && done.every(Boolean)).map(([roleId]) => roleId));
}

export function useSigningProgress(pkg: WirePackage): SigningProgress {
  const readInFull = pkg.type === "PACKAGE" && STATUSES_READ_IN_FULL.has(pkg.status);
  const full = useQuery({
    queryKey: packageKeys.one(pkg.id),
    queryFn: ({ signal }) => apiJson((c) => c.packageResponse, apiPath("packages", pkg.id), { signal }),
    enabled: readInFull,
  });
  // Who refused, for a package a signer declined or opted out of.
  const refusal = pkg.status === "DECLINED" ? "Decline" : pkg.status === "OPTED_OUT" ? "Opt Out" : null;
  const audit = usePackageAudit(pkg.id, { enabled: pkg.type === "PACKAGE" && refusal !== null });
  const roles = signingRoles(pkg);
  if (pkg.status === "COMPLETED" || pkg.status === "ARCHIVED") {
    return { signers: roles.map((role) => ({ role, signed: true })), signedCount: roles.length, loading: false };
  }
  if (!readInFull || !full.data) {
    return { signers: roles.map((role) => ({ role, signed: undefined })), signedCount: undefined, loading: readInFull && full.isPending };
  }
  const signed = signedRoleIds(full.data);
  const refused = refusal ? refusedBy(audit.data, refusal) : new Set<string>();
  const stoppedFor = (role: WireRole): SignerProgress["stopped"] => {
    if (pkg.status === "SENT" || signed.has(role.id)) return undefined;
    if (addressesOf(role).some((address) => refused.has(address))) return pkg.status === "DECLINED" ? "declined" : "optedOut";
    return "didNotSign";
  };
  const signers = roles.map((role) => ({ role, signed: signed.has(role.id), stopped: stoppedFor(role) }));
  return { signers, signedCount: signers.filter((signer) => signer.signed).length, loading: false };
}
