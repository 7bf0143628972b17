import type { Metadata } from "next";
import { PackageBuilder } from "@/components/packages/builder/package-builder";
import { consoleTranslator } from "@/lib/console/console-intl";

export async function generateMetadata(): Promise<Metadata> {
  const t = await consoleTranslator("console.templates");
  return { title: t("editPageTitle") };
}

/** The same builder for a template: roles are placeholders (a name, nobody in them), and nothing is sent. */
export default async function EditTemplatePage({ params }: { params: Promise<{ templateId: string }> }) {
  const { templateId } = await params;
  return <PackageBuilder packageId={templateId} kind="template" />;
}
