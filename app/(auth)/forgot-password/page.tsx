import type { Metadata } from "next";
import Link from "next/link";
import { ForgotPasswordForm } from "@/components/auth/password-reset-forms";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.auth");
  return { title: t("forgot.pageTitle") };
}

export default async function ForgotPasswordPage() {
  const t = await consoleTranslator("console.auth");
  return (
    <main className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-2xl font-semibold tracking-tight">{t("forgot.heading")}</h1>
      <p className="mt-2 text-sm text-slate-700">{t("forgot.intro")}</p>
      <ForgotPasswordForm />
      <p className="mt-6 text-sm text-slate-700">
        <Link href="/signin" className="font-medium text-sky-800 underline">
          {t("forgot.backToSignIn")}
        </Link>
      </p>
    </main>
  );
}
