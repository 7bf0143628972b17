"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import { Menu, type MenuItem } from "@/components/ui/menu";
import type { WireSender } from "@/lib/api/senders";
import { useMayOffer } from "@/lib/console/queries/session";

/** What can be done to one sender; each opens its dialog (or the sender's packages). */
export type SenderDialog = "edit" | "roles" | "notary" | "apiKey" | "invitation" | "delete";

/** The inbox listing the sender's packages (`ownerEmail`: the e-mail never changes). */
export function senderPackagesHref(sender: WireSender): string {
  return `/packages?${new URLSearchParams({ ownerEmail: sender.email })}`;
}

/**
 * `self`: the signed-in user's own row, without what the service refuses on oneself (own roles,
 * deleting oneself). Each action is offered only if the user's roles allow it; none left, no menu.
 */
export function SenderActions({ sender, self, onOpen }: { sender: WireSender; self: boolean; onOpen: (dialog: SenderDialog, sender: WireSender) => void }) {
  const t = useTranslations("console.senders");
  const router = useRouter();
  const mayManage = useMayOffer("users.manage");
  // The roles dialog reads the account's roles and the sender's (roles.view) before it changes them (roles.manage).
  const mayReadRoles = useMayOffer("roles.view");
  const mayAssignRoles = useMayOffer("roles.manage") && mayReadRoles;
  const mayReadTheirPackages = useMayOffer("users.transactions");
  const mayReadKeys = useMayOffer("users.api_keys");
  const items: MenuItem[] = [];
  if (mayManage) items.push({ label: t("actions.edit"), onSelect: () => onOpen("edit", sender) });
  if (!self && mayAssignRoles) items.push({ label: t("actions.roles"), onSelect: () => onOpen("roles", sender) });
  if (!self && mayReadTheirPackages) items.push({ label: t("actions.packages"), onSelect: () => router.push(senderPackagesHref(sender)) });
  if (!self && mayManage) items.push({ label: t("actions.delegates"), onSelect: () => router.push(`/account/delegates?${new URLSearchParams({ sender: sender.id })}`) });
  // One's own commission is set on the Notary page.
  if (!self && mayManage) items.push({ label: t("actions.notary"), onSelect: () => onOpen("notary", sender) });
  if (mayReadKeys) items.push({ label: t("actions.apiKey"), onSelect: () => onOpen("apiKey", sender) });
  if (sender.status === "INVITED" && mayManage) items.push({ label: t("actions.invitation"), onSelect: () => onOpen("invitation", sender) });
  if (!self && mayManage) items.push({ label: t("actions.delete"), onSelect: () => onOpen("delete", sender), danger: true });
  if (items.length === 0) return null;
  const menuLabel = t.rich("actions.menu", { name: sender.name || sender.email, hidden: (chunks) => <span className="sr-only">{chunks}</span> });
  return <Menu label={<span>{menuLabel}</span>} items={items} />;
}
