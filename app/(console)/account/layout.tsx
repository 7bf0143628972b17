import type { ReactNode } from "react";
import { AccountNav } from "@/components/account/account-nav";

/** Every page of the account's administration: its menu beside (or above, on a phone) the page. */
export default function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 md:flex-row md:gap-8">
      <AccountNav />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
