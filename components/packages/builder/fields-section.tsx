"use client";

import dynamic from "next/dynamic";
import type { WirePackage } from "@/lib/api/packages";
import { LoadingState } from "@/components/ui/states";
import { BuilderSection } from "./builder-section";

// The editor draws PDF pages with pdf.js: browser only, and loaded when the builder is.
const FieldEditor = dynamic(() => import("./fields/field-editor").then((module) => module.FieldEditor), {
  ssr: false,
  loading: () => <LoadingState label="Loading the field editor…" />,
});

/** Where the signers' fields are placed on the pages (the editor reads and writes them itself). */
export function FieldsSection({ pkg }: { pkg: WirePackage }) {
  return (
    <BuilderSection title="Fields" testId="fields-section" description="Place signature, initials, name, date, text and check box fields for each signer.">
      <FieldEditor pkg={pkg} />
    </BuilderSection>
  );
}
