"use client";

import { useTranslations } from "use-intl";
import type { WirePackage } from "@/lib/api/packages";
import { BuilderSection } from "../builder-section";
import { signingRoles } from "../signer-colours";
import { AddGroupForm, AddMeButton, AddPersonForm, AddPlaceholderForm } from "./add-signer-forms";
import { SigningStepsList } from "./signing-steps-list";

/** Signers (or a template's placeholders) in numbered signing steps, and the ways to add them. */
export function SignersSection({ pkg, template }: { pkg: WirePackage; template: boolean }) {
  const t = useTranslations("console.builder.signers");
  const roles = signingRoles(pkg);
  return (
    <BuilderSection
      title={template ? t("placeholdersTitle") : t("title")}
      testId="signers-section"
      description={template ? t("placeholdersDescription") : t("description")}
    >
      {roles.length ? (
        <SigningStepsList pkg={pkg} template={template} />
      ) : (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          {template ? t("noPlaceholder") : t("empty")}
        </p>
      )}
      <div className="mt-5 grid gap-6 border-t border-slate-200 pt-4 lg:grid-cols-2">
        {template ? (
          <AddPlaceholderForm pkg={pkg} />
        ) : (
          <>
            <AddPersonForm pkg={pkg} />
            <div className="space-y-6">
              <AddGroupForm pkg={pkg} />
              <AddMeButton pkg={pkg} />
            </div>
          </>
        )}
      </div>
    </BuilderSection>
  );
}
