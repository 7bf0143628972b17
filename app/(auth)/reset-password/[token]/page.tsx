import type { Metadata } from "next";
import { ResetPasswordForm } from "@/components/auth/password-reset-forms";

// The token is in the address: no Referer carries it to another site.
export const metadata: Metadata = { title: "Choose a new password · Signet", robots: { index: false }, referrer: "no-referrer" };
export const dynamic = "force-dynamic";

/** Where a password reset e-mail's link leads; the service checks the token when the form is sent. */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <main className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-2xl font-semibold tracking-tight">Choose a new password</h1>
      <ResetPasswordForm token={token} />
    </main>
  );
}
