"use client";

import type { WirePackage } from "@/lib/api/packages";
import { BuilderSection } from "../builder-section";
import { signingRoles } from "../signer-colours";
import { AddGroupForm, AddMeButton, AddPersonForm, AddPlaceholderForm } from "./add-signer-forms";
import { SigningStepsList } from "./signing-steps-list";

/** Signers (or a template's placeholders) in numbered signing steps, and the ways to add them. */
export function SignersSection({ pkg, template }: { pkg: WirePackage; template: boolean }) {
  const roles = signingRoles(pkg);
  return (
    <BuilderSection
      title={template ? "Placeholders" : "Signers"}
      testId="signers-section"
      description={
        template
          ? "The roles of the template, in signing order. Drag one by its handle into another step to sign at the same time, or between steps to sign alone."
          : "Steps sign one after another; the signers of one step sign at the same time. Drag a signer by its handle into another step, or between steps for a new one."
      }
    >
      {roles.length ? (
        <SigningStepsList pkg={pkg} template={template} />
      ) : (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          {template ? "No placeholder yet: add the roles that will sign, such as Client or Witness." : "No signer yet: add the people who sign, below."}
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
