import type { Metadata } from "next";
import { PackageBuilder } from "@/components/packages/builder/package-builder";

export const metadata: Metadata = { title: "Edit package · Signet" };

/** The package builder: a draft, edited piece by piece through the API. */
export default async function EditPackagePage({ params }: { params: Promise<{ packageId: string }> }) {
  const { packageId } = await params;
  return <PackageBuilder packageId={packageId} kind="package" />;
}
