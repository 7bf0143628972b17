import type { Metadata } from "next";
import { ConsoleLanguageForm } from "@/components/console/console-language-form";
import { auth } from "@/lib/console/auth";
import { browserLocale, consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.profile");
  return { title: t("title") };
}

/** The signed-in user's own settings: who they are, and the console's language. */
export default async function ProfilePage() {
  const [session, t, browser] = await Promise.all([auth(), consoleTranslator("console.profile"), browserLocale()]);
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t("heading")}</h1>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-medium text-slate-700">{t("name")}</dt>
        <dd className="text-slate-900">{session?.user?.name || "—"}</dd>
        <dt className="font-medium text-slate-700">{t("email")}</dt>
        <dd className="text-slate-900">{session?.user?.email}</dd>
      </dl>
      <ConsoleLanguageForm chosen={session?.consoleLanguage ?? null} browser={browser} />
    </div>
  );
}
