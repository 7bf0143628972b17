import type { Metadata } from "next";
import { PackagePage } from "@/components/packages/detail/package-page";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.packageDetail");
  return { title: t("title") };
}

/** One package: its status and actions, signers, history, reminders and downloads. */
export default async function PackageDetailPage({ params }: { params: Promise<{ packageId: string }> }) {
  const { packageId } = await params;
  return <PackagePage packageId={packageId} />;
}
