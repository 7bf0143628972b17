import type { Metadata } from "next";
import { ConfirmSignUpForm } from "@/components/auth/sign-up-form";

// The token is in the address: no Referer carries it to another site.
export const metadata: Metadata = { title: "Confirm your sign-up · Signet", robots: { index: false }, referrer: "no-referrer" };
export const dynamic = "force-dynamic";

/** Where a sign-up e-mail's link leads; the service checks the token and the sign-up's password when the button is pressed. */
export default async function ConfirmSignUpPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <main className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-2xl font-semibold tracking-tight">Confirm your sign-up</h1>
      <p className="mt-2 text-sm text-slate-700">Your e-mail address is confirmed by this link. Enter the password you chose when signing up to create the account, and you are signed in to it.</p>
      <ConfirmSignUpForm token={typeof token === "string" ? token : ""} />
    </main>
  );
}
