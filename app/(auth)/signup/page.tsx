import type { Metadata } from "next";
import Link from "next/link";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.auth");
  return { title: t("signUp.pageTitle") };
}

export default async function SignUpPage() {
  const t = await consoleTranslator("console.auth");
  return (
    <main className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-2xl font-semibold tracking-tight">{t("signUp.heading")}</h1>
      <p className="mt-2 text-sm text-slate-700">{t("signUp.intro")}</p>
      <SignUpForm />
      <p className="mt-6 text-sm text-slate-700">
        {t("signUp.haveAccount")}{" "}
        <Link href="/signin" className="font-medium text-sky-800 underline">
          {t("signUp.signIn")}
        </Link>
      </p>
    </main>
  );
}
