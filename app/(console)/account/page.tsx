import type { Metadata } from "next";
import { FirstAccountArea } from "@/components/account/first-account-area";

export const metadata: Metadata = { title: "Account · Signet" };

/** A bookmark or typed address of the administration as a whole: on to its first page the user may see. */
export default function AccountPage() {
  return <FirstAccountArea />;
}
