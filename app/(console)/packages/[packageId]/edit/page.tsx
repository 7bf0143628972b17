import type { Metadata } from "next";
import { PackageBuilder } from "@/components/packages/builder/package-builder";
import { ConsolePdfTexts } from "@/components/signing/pdf-texts";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.builder.page");
  return { title: t("packageTitle") };
}

/** The package builder: a draft, edited piece by piece through the API. */
export default async function EditPackagePage({ params }: { params: Promise<{ packageId: string }> }) {
  const { packageId } = await params;
  return (
    <ConsolePdfTexts>
      <PackageBuilder packageId={packageId} kind="package" />
    </ConsolePdfTexts>
  );
}
