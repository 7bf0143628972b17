import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/account/password/change-password-form";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.password");
  return { title: t("title") };
}

/** The signed-in user's own password (any role). */
export default async function AccountPasswordPage() {
  const t = await consoleTranslator("console.password");
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t("heading")}</h1>
      <p className="max-w-prose text-sm text-slate-700">{t("intro")}</p>
      <ChangePasswordForm />
    </div>
  );
}
