import type { WirePackage, WireRole } from "@/lib/api/packages";

/** How a listed package reads: its link, its people, its dates. */

/** A draft opens in the builder; anything else (a trashed draft too) on its page. */
export function packageHref(pkg: Pick<WirePackage, "id" | "status" | "trashed">): string {
  const base = `/packages/${encodeURIComponent(pkg.id)}`;
  return pkg.status === "DRAFT" && !pkg.trashed ? `${base}/edit` : base;
}

/** The person (or group) in a role, or the role's own name while no one fills it. */
export function roleHolder(role: WireRole): { name: string; filled: boolean } {
  const signer = role.signers[0] as { firstName?: string; lastName?: string; email?: string; group?: { name?: string } } | undefined;
  if (!signer) return { name: role.name || role.id, filled: false };
  const name = signer.group?.name || `${signer.firstName ?? ""} ${signer.lastName ?? ""}`.trim() || signer.email || role.name || role.id;
  return { name, filled: true };
}

export function senderName(pkg: WirePackage): string {
  return `${pkg.sender.firstName} ${pkg.sender.lastName}`.trim() || pkg.sender.email;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A date as people read it, with the exact time in a tooltip and for `<time>`. */
export function readableDate(iso: string | undefined): { text: string; title: string } | null {
  if (!iso) return null;
  const date = new Date(iso);
  return { text: dateFormat.format(date), title: dateTimeFormat.format(date) };
}

/** Documents people see (the consent document is the service's own). */
export function visibleDocuments(pkg: WirePackage) {
  return pkg.documents.filter((document) => document.id !== "default-consent");
}
