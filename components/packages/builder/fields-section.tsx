"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "use-intl";
import type { WirePackage } from "@/lib/api/packages";
import { LoadingState } from "@/components/ui/states";
import { BuilderSection } from "./builder-section";

function FieldEditorLoading() {
  const t = useTranslations("console.builder.fields");
  return <LoadingState label={t("loadingEditor")} />;
}

// The editor draws PDF pages with pdf.js: browser only, and loaded when the builder is.
const FieldEditor = dynamic(() => import("./fields/field-editor").then((module) => module.FieldEditor), {
  ssr: false,
  loading: FieldEditorLoading,
});

/** Where the signers' fields are placed on the pages (the editor reads and writes them itself). */
export function FieldsSection({ pkg }: { pkg: WirePackage }) {
  const t = useTranslations("console.builder.fields");
  return (
    <BuilderSection title={t("title")} testId="fields-section" description={t("description")}>
      <FieldEditor pkg={pkg} />
    </BuilderSection>
  );
}
