"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import type { WirePackage, WireRole } from "@/lib/api/packages";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextAreaField } from "@/components/ui/form-field";
import { useToast } from "@/components/ui/toast";
import { apiPath, proxied } from "@/lib/console/api-client";
import { failureMessage } from "@/lib/console/queries/package-actions";
import { useReviewAttachment } from "@/lib/console/queries/package-detail";
import { Section } from "./section";

const COMMENT_MAX = 4000;

type Requirement = WireRole["attachmentRequirements"][number];

/** Where a requirement stands: its message (console.packageDetail `attachments.state.<label>`) and colour. */
function stateOf(requirement: Requirement): { label: "accepted" | "rejected" | "toReview" | "notUploaded"; tone: "neutral" | "info" | "success" | "danger" } {
  if (requirement.accepted) return { label: "accepted", tone: "success" };
  if (requirement.status === "REJECTED") return { label: "rejected", tone: "danger" };
  if (requirement.status === "COMPLETE") return { label: "toReview", tone: "info" };
  return { label: "notUploaded", tone: "neutral" };
}

/**
 * The files signers were asked to upload, each requirement with its files to download and, while
 * the package is out for signing, the sender's review: accept (final) or reject with a comment,
 * which e-mails the signer and asks them to upload again.
 */
export function AttachmentsSection({ pkg }: { pkg: WirePackage }) {
  const t = useTranslations("console.packageDetail.attachments");
  const rolesWithRequirements = pkg.roles.filter((role) => role.attachmentRequirements.length > 0);
  const [rejecting, setRejecting] = useState<{ role: WireRole; requirement: Requirement } | null>(null);
  const review = useReviewAttachment(pkg.id);
  const toast = useToast();
  if (rolesWithRequirements.length === 0) return null;
  const reviewable = pkg.status === "SENT" && !pkg.trashed;
  const signerName = (role: WireRole) => {
    const signer = role.signers[0] as { firstName?: string; lastName?: string; email?: string } | undefined;
    return [signer?.firstName, signer?.lastName].filter(Boolean).join(" ") || signer?.email || role.name;
  };
  return (
    <Section title={t("title")} testId="attachments">
      <ul className="space-y-3">
        {rolesWithRequirements.flatMap((role) =>
          role.attachmentRequirements.map((requirement) => {
            const state = stateOf(requirement);
            const canReview = reviewable && !requirement.accepted && requirement.files.length > 0;
            return (
              <li key={requirement.id} className="rounded-md border border-slate-200 p-3 text-sm" data-testid={`attachment-${requirement.name}`}>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{requirement.name}</span>
                  <span className="text-slate-600">· {signerName(role)}</span>
                  <Badge tone={state.tone}>{t(`state.${state.label}`)}</Badge>
                </div>
                {requirement.status === "REJECTED" && requirement.comment ? <p className="mt-1 text-xs text-rose-800">{t("yourComment", { comment: requirement.comment })}</p> : null}
                {requirement.files.length > 0 ? (
                  <ul className="mt-1 space-y-0.5">
                    {requirement.files.map((file) => (
                      <li key={file.id}>
                        <a className="text-sky-800 underline" href={proxied(apiPath("packages", pkg.id, "attachment", requirement.id, "file", file.id))}>
                          {file.name}
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {canReview ? (
                  <div className="mt-2 flex flex-wrap gap-2">
                    <Button
                      type="button"
                      variant="secondary"
                      busy={review.isPending}
                      data-testid="accept-attachment"
                      onClick={() =>
                        review.mutate(
                          { role, attachmentId: requirement.id, decision: "accept" },
                          { onSuccess: () => toast.success(t("accepted", { name: requirement.name })), onError: (failure) => toast.error(failureMessage(failure)) },
                        )
                      }
                    >
                      {t("accept")}
                    </Button>
                    {requirement.status !== "REJECTED" ? (
                      <Button type="button" variant="danger" data-testid="reject-attachment" onClick={() => setRejecting({ role, requirement })}>
                        {t("rejectEllipsis")}
                      </Button>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          }),
        )}
      </ul>
      <Dialog open={rejecting !== null} onClose={() => setRejecting(null)} title={rejecting ? t("rejectTitle", { name: rejecting.requirement.name }) : t("reject")}>
        {rejecting ? <RejectForm packageId={pkg.id} role={rejecting.role} requirement={rejecting.requirement} onClose={() => setRejecting(null)} /> : null}
      </Dialog>
    </Section>
  );
}

function RejectForm({ packageId, role, requirement, onClose }: { packageId: string; role: WireRole; requirement: Requirement; onClose: () => void }) {
  const t = useTranslations("console.packageDetail.attachments");
  const review = useReviewAttachment(packageId);
  const toast = useToast();
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = comment.trim();
    if (!trimmed) return setError(t("commentMissing"));
    review.mutate(
      { role, attachmentId: requirement.id, decision: "reject", comment: trimmed },
      {
        onSuccess: () => {
          onClose();
          toast.success(t("rejected", { name: requirement.name }));
        },
        onError: (failure) => toast.error(failureMessage(failure)),
      },
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <p className="text-sm text-slate-700">{t("rejectText")}</p>
      <TextAreaField
        className="mt-4"
        label={t("comment")}
        name="comment"
        data-testid="reject-attachment-comment"
        value={comment}
        maxLength={COMMENT_MAX}
        required
        error={error}
        onChange={(event) => {
          setComment(event.target.value);
          setError(undefined);
        }}
      />
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose} disabled={review.isPending}>
          {t("keep")}
        </Button>
        <Button type="submit" variant="danger" data-testid="confirm-reject-attachment" busy={review.isPending}>
          {t("reject")}
        </Button>
      </div>
    </form>
  );
}
