import type { WirePackage, WireRole } from "@/lib/api/packages";
import type { SigningStatus } from "@/lib/api/signing-entry";
import { rolesWhoseTurnItIs } from "@/lib/esign/signing/ceremony/signing-rules";
import type { PackageAuditEvent } from "@/lib/console/queries/package-detail";
import { signingRoles } from "@/lib/console/queries/package-progress";

/**
 * Where each signer of a package stands, as the package page shows it: in signing order, grouped
 * in steps (same index, same step), each with a state in words. Pure, from the package, the
 * signers' signing statuses (while it is out for signing) and the audit trail (who declined).
 * The words are the page's: a state names its message (console.packageDetail `signerState.<label>`).
 */

export type SignerStateKind = "notSent" | "signed" | "waiting" | "notYet" | "declined" | "optedOut" | "notSigned" | "checking";

/** A state in words: a kind, or why a signer did not sign. */
export type SignerStateLabel = SignerStateKind | "didNotSign" | "didNotSignBeforeExpiry";

export interface SignerState {
  kind: SignerStateKind;
  label: SignerStateLabel;
  /** When they finished (their last signature or acceptance), for `signed`; when they refused, for `declined` and `optedOut`. */
  date?: string;
  /** The reason a signer gave for declining or opting out, as the audit trail keeps it. */
  reason?: string;
}

export interface SignerRow {
  role: WireRole;
  /** The signer's name; for a role no one fills yet, the role's name (and `contact` is empty). */
  name: string;
  /** The e-mail address, or for a group its address (empty when the group has none). */
  contact: string;
  isGroup: boolean;
  /** No one fills the role yet. */
  unfilled: boolean;
  state: SignerState;
}

interface StoredSigner {
  email?: string;
  firstName?: string;
  lastName?: string;
  group?: { id?: string; name?: string; email?: string };
}

function describeSigner(role: WireRole): Pick<SignerRow, "name" | "contact" | "isGroup" | "unfilled"> {
  const signer = role.signers[0] as StoredSigner | undefined;
  if (!signer) return { name: role.name || role.id, contact: "", isGroup: false, unfilled: true };
  if (signer.group) {
    return { name: signer.group.name || signer.group.id || "", contact: signer.group.email ?? "", isGroup: true, unfilled: false };
  }
  const name = `${signer.firstName ?? ""} ${signer.lastName ?? ""}`.trim() || signer.email || role.name || role.id;
  return { name, contact: signer.email ?? "", isGroup: false, unfilled: false };
}

/** The role's approvals across the documents, the consent included. */
function approvalsOf(pkg: WirePackage, roleId: string) {
  return pkg.documents.flatMap((document) => document.approvals.filter((approval) => approval.role === roleId));
}

/** When the role last signed or accepted anything, if it did. */
function lastSignedDate(pkg: WirePackage, roleId: string): string | undefined {
  const dates = approvalsOf(pkg, roleId)
    .map((approval) => approval.signed ?? approval.accepted)
    .filter((date): date is string => Boolean(date));
  return dates.sort().at(-1);
}

/** Every required approval signed or accepted: how a package that stopped tells who had finished. */
function finishedByApprovals(pkg: WirePackage, roleId: string): boolean {
  const required = approvalsOf(pkg, roleId).filter((approval) => !approval.optional);
  return required.length > 0 && required.every((approval) => approval.signed || approval.accepted);
}

/** The signer's audit event of `type` ("Decline", "Opt Out"): the one that names their e-mail. */
function refusalBy(events: PackageAuditEvent[] | undefined, type: string, role: WireRole): PackageAuditEvent | undefined {
  const signer = role.signers[0] as StoredSigner | undefined;
  const addresses = [signer?.email, signer?.group?.email].filter(Boolean).map((address) => address!.toLowerCase());
  return events?.find((event) => event.type === type && addresses.includes(event["user-email"].toLowerCase()));
}

function refused(kind: "declined" | "optedOut", event: PackageAuditEvent | undefined): SignerState {
  if (!event) return { kind: "notSigned", label: "didNotSign" };
  return { kind, label: kind, date: event["date-time"], reason: event.data || undefined };
}

const signed = (date: string | undefined): SignerState => ({ kind: "signed", label: "signed", date });

/**
 * The rows of the page's signer list, in steps. `statuses` are the signers' `signingStatus`
 * answers (asked only while the package is SENT and not in the trash).
 */
export function signerSteps(
  pkg: WirePackage,
  statuses: Map<string, SigningStatus>,
  events: PackageAuditEvent[] | undefined,
): { index: number; signers: SignerRow[] }[] {
  const roles = [...signingRoles(pkg)].sort((a, b) => a.index - b.index);
  const outForSigning = pkg.status === "SENT" && !pkg.trashed;
  const finished = (role: WireRole) => (outForSigning ? statuses.get(role.id) === "SIGNING_COMPLETED" : finishedByApprovals(pkg, role.id));
  const known = !outForSigning || roles.every((role) => statuses.has(role.id));
  const turn = new Set(rolesWhoseTurnItIs(roles.map((role) => ({ id: role.id, index: role.index, completed: finished(role) }))));

  function stateOf(role: WireRole): SignerState {
    if (pkg.status === "DRAFT") return { kind: "notSent", label: "notSent" };
    if (pkg.status === "COMPLETED" || pkg.status === "ARCHIVED") return signed(lastSignedDate(pkg, role.id));
    if (outForSigning && !statuses.has(role.id)) return { kind: "checking", label: "checking" };
    if (finished(role)) return signed(lastSignedDate(pkg, role.id));
    if (pkg.status === "DECLINED") return refused("declined", refusalBy(events, "Decline", role));
    if (pkg.status === "OPTED_OUT") return refused("optedOut", refusalBy(events, "Opt Out", role));
    if (!outForSigning) return { kind: "notSigned", label: pkg.status === "EXPIRED" ? "didNotSignBeforeExpiry" : "notSigned" };
    if (!known) return { kind: "checking", label: "checking" };
    return turn.has(role.id) ? { kind: "waiting", label: "waiting" } : { kind: "notYet", label: "notYet" };
  }

  const steps = new Map<number, SignerRow[]>();
  for (const role of roles) {
    steps.set(role.index, [...(steps.get(role.index) ?? []), { role, ...describeSigner(role), state: stateOf(role) }]);
  }
  return [...steps.entries()].map(([index, signers]) => ({ index, signers }));
}

/** Every signer has finished: what completing a package held with `autocomplete: false` needs. */
export function everyoneSigned(steps: { signers: SignerRow[] }[]): boolean {
  const rows = steps.flatMap((step) => step.signers);
  return rows.length > 0 && rows.every((row) => row.state.kind === "signed");
}
