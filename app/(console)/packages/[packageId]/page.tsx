import type { Metadata } from "next";
import { PackagePage } from "@/components/packages/detail/package-page";

export const metadata: Metadata = { title: "Package · Signet" };

/** One package: its status and actions, signers, history, reminders and downloads. */
export default async function PackageDetailPage({ params }: { params: Promise<{ packageId: string }> }) {
  const { packageId } = await params;
  return <PackagePage packageId={packageId} />;
}
