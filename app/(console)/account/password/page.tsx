import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/account/password/change-password-form";

export const metadata: Metadata = { title: "Password · Signet" };

/** The signed-in user's own password (any role). */
export default function AccountPasswordPage() {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Password</h1>
      <p className="max-w-prose text-sm text-slate-700">
        The password you sign in to the console with. Changing it signs you out everywhere else; this session stays.
      </p>
      <ChangePasswordForm />
    </div>
  );
}
