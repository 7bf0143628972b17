import type { Metadata } from "next";
import { PackageBuilder } from "@/components/packages/builder/package-builder";
import { ConsolePdfTexts } from "@/components/signing/pdf-texts";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.templates");
  return { title: t("editPageTitle") };
}

/** The same builder for a template: roles are placeholders (a name, nobody in them), and nothing is sent. */
export default async function EditTemplatePage({ params }: { params: Promise<{ templateId: string }> }) {
  const { templateId } = await params;
  return (
    <ConsolePdfTexts>
      <PackageBuilder packageId={templateId} kind="template" />
    </ConsolePdfTexts>
  );
}
