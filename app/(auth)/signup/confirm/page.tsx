import type { Metadata } from "next";
import { ConfirmSignUpForm } from "@/components/auth/sign-up-form";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.auth");
  // The token is in the address: no Referer carries it to another site.
  return { title: t("confirmSignUp.pageTitle"), robots: { index: false }, referrer: "no-referrer" };
}
export const dynamic = "force-dynamic";

/** Where a sign-up e-mail's link leads; the service checks the token and the sign-up's password when the button is pressed. */
export default async function ConfirmSignUpPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const [{ token }, t] = await Promise.all([searchParams, consoleTranslator("console.auth")]);
  return (
    <main className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-2xl font-semibold tracking-tight">{t("confirmSignUp.heading")}</h1>
      <p className="mt-2 text-sm text-slate-700">{t("confirmSignUp.intro")}</p>
      <ConfirmSignUpForm token={typeof token === "string" ? token : ""} />
    </main>
  );
}
