import type { Metadata } from "next";
import { RoleList } from "@/components/account/roles/role-list";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.roles");
  return { title: t("title") };
}

/** The account's roles, what each allows and who holds it. Who may see them is the service's answer. */
export default function AccountRolesPage() {
  return <RoleList />;
}
