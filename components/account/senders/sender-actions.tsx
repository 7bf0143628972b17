"use client";

import { useRouter } from "next/navigation";
import { Menu, type MenuItem } from "@/components/ui/menu";
import type { WireSender } from "@/lib/api/senders";

/** What can be done to one sender; each opens its dialog (or the sender's packages). */
export type SenderDialog = "edit" | "roles" | "apiKey" | "invitation" | "delete";

/** The inbox listing the sender's packages (`ownerEmail`: the e-mail never changes). */
export function senderPackagesHref(sender: WireSender): string {
  return `/packages?${new URLSearchParams({ ownerEmail: sender.email })}`;
}

/** `self`: the signed-in user's own row, without what the service refuses on oneself (own roles, deleting oneself). */
export function SenderActions({ sender, self, onOpen }: { sender: WireSender; self: boolean; onOpen: (dialog: SenderDialog, sender: WireSender) => void }) {
  const router = useRouter();
  const items: MenuItem[] = [{ label: "Edit details", onSelect: () => onOpen("edit", sender) }];
  if (!self) {
    items.push({ label: "Account roles", onSelect: () => onOpen("roles", sender) });
    items.push({ label: "Open their packages", onSelect: () => router.push(senderPackagesHref(sender)) });
  }
  items.push({ label: "Reveal API key", onSelect: () => onOpen("apiKey", sender) });
  if (sender.status === "INVITED") items.push({ label: "Invitation link", onSelect: () => onOpen("invitation", sender) });
  if (!self) items.push({ label: "Delete sender", onSelect: () => onOpen("delete", sender), danger: true });
  return <Menu label={<span>Actions<span className="sr-only"> for {sender.name || sender.email}</span></span>} items={items} />;
}
