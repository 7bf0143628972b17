import type { Metadata } from "next";
import { getDb } from "@/lib/db/client";
import { describeInvitation } from "@/lib/esign/senders/activate-sender";
import { ActivationForm } from "@/components/auth/activation-form";

export const metadata: Metadata = { title: "Activate your account · Signet", robots: { index: false } };
// The invitation is read at request time: never prerender this page.
export const dynamic = "force-dynamic";

/** Where the invitation link of a new sender leads: they choose a password and their account becomes active. */
export default async function ActivatePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await describeInvitation(await getDb(), token);
  return (
    <main className="mx-auto max-w-md px-6 py-16">
      <h1 className="text-2xl font-semibold tracking-tight">Activate your account</h1>
      {invitation.state === "valid" ? (
        <>
          <p className="mt-3 text-slate-700">
            Welcome{invitation.firstName ? `, ${invitation.firstName}` : ""}. You were invited to send documents for signature for{" "}
            <strong>{invitation.accountName}</strong>. Choose a password to activate your account.
          </p>
          <ActivationForm token={token} email={invitation.email} />
        </>
      ) : (
        <p role="alert" className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">
          {invitation.message}
        </p>
      )}
    </main>
  );
}
