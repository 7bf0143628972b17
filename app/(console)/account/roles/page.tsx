import type { Metadata } from "next";
import { RoleList } from "@/components/account/roles/role-list";

export const metadata: Metadata = { title: "Account roles · Signet" };

/** The account's roles, what each allows and who holds it. Who may see them is the service's answer. */
export default function AccountRolesPage() {
  return <RoleList />;
}
