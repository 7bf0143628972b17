import type { Metadata } from "next";
import { PackageBuilder } from "@/components/packages/builder/package-builder";

export const metadata: Metadata = { title: "Edit template · Signet" };

/** The same builder for a template: roles are placeholders (a name, nobody in them), and nothing is sent. */
export default async function EditTemplatePage({ params }: { params: Promise<{ templateId: string }> }) {
  const { templateId } = await params;
  return <PackageBuilder packageId={templateId} kind="template" />;
}
