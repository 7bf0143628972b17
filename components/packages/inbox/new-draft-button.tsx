"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import type { PackageType } from "@/lib/api/packages";
import { failureMessage, useCreateDraft } from "@/lib/console/queries/package-actions";

/**
 * The name a new package starts with; Send asks for a real one while it is still this (the
 * builder compares with it), so it stays the same in every language.
 */
export const UNTITLED_PACKAGE_NAME = "Untitled package";

/** Each kind of draft; its button says console.packages `newDraft.<type>`. */
const DRAFTS: Record<PackageType, { name: string; editPath: (id: string) => string; testId: string }> = {
  PACKAGE: { name: UNTITLED_PACKAGE_NAME, editPath: (id) => `/packages/${encodeURIComponent(id)}/edit`, testId: "new-package" },
  TEMPLATE: { name: "Untitled template", editPath: (id) => `/templates/${encodeURIComponent(id)}/edit`, testId: "new-template" },
};

/** Creates an empty draft (package or template) and opens it in the builder. */
export function NewDraftButton({ type, variant = "primary", label, testId }: { type: PackageType; variant?: "primary" | "secondary"; label?: string; testId?: string }) {
  const t = useTranslations("console.packages");
  const router = useRouter();
  const toast = useToast();
  const create = useCreateDraft();
  const draft = DRAFTS[type];
  return (
    <Button
      variant={variant}
      busy={create.isPending || create.isSuccess}
      data-testid={testId ?? draft.testId}
      onClick={() =>
        create.mutate(
          { type, name: draft.name },
          {
            onSuccess: ({ id }) => router.push(draft.editPath(id)),
            onError: (error) => toast.error(failureMessage(error)),
          },
        )
      }
    >
      {label ?? t(`newDraft.${type}`)}
    </Button>
  );
}
