import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { SignInForms } from "@/components/auth/sign-in-forms";
import { auth } from "@/lib/console/auth";
import { consoleTranslator } from "@/lib/console/console-intl";
import { consolePath } from "@/lib/console/sign-in-return";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.auth");
  return { title: t("signIn.pageTitle") };
}
export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ reason?: string; next?: string }> }) {
  const { reason, next } = await searchParams;
  const destination = consolePath(next);
  if (await auth()) redirect(destination);
  const t = await consoleTranslator("console.auth");
  return (
    <main className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-2xl font-semibold tracking-tight">{t("signIn.heading")}</h1>
      {reason === "expired" ? (
        <p role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t("signIn.expired")}
        </p>
      ) : reason === "link" ? (
        <p role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t("signIn.linkRefused")}
        </p>
      ) : null}
      <SignInForms next={destination} />
      <p className="mt-4 text-sm text-slate-700">
        <Link href="/forgot-password" className="font-medium text-sky-800 underline">
          {t("signIn.forgotPassword")}
        </Link>
      </p>
      <p className="mt-2 text-sm text-slate-700">
        {t("signIn.newHere")}{" "}
        <Link href="/signup" className="font-medium text-sky-800 underline">
          {t("signIn.createAccount")}
        </Link>
      </p>
    </main>
  );
}
