"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/button";
import { documentPdfUrl, recordDocumentViewed, signDocument, type CeremonyDocument, type CeremonyView } from "@/lib/ceremony/ceremony-requests";
import { blockingTargets, emptyFill, fillTargets, isTargetFilled, nextTarget, signatureStyle, signingRequest, valueIssue, type DocumentFill, type FillTarget } from "@/lib/ceremony/document-filling";
import { useCeremonyAction } from "@/lib/ceremony/use-ceremony";
import { markFor, type AdoptedSignature } from "@/lib/ceremony/adopted-signature";
import { AttachmentsPanel, missingAttachments } from "./attachments-panel";
import { FinishedText, useCeremonyEnding } from "./ceremony-ending";
import { FieldLayer, targetElementId, useFieldWords } from "./field-layer";
import { PdfPagesLoader } from "./pdf-pages-loader";
import { readPdfStart } from "./pdf-start";
import type { ScrollRequest } from "./pdf-pages";
import { AdoptSignatureDialog } from "./adopt-signature-dialog";

/** The document to show first: the first the signer still has to sign and may open, else the first. */
function firstToShow(view: CeremonyView): CeremonyDocument | undefined {
  return view.documents.find((document) => document.open && !document.done) ?? view.documents[0];
}

/**
 * The documents: a list (in signing order when the order is enforced, spec 3.4), the chosen one's
 * pages with the fields over them, "next field", and signing the document once its required
 * fields are filled.
 */
export function DocumentsStep({ view, packageId }: { view: CeremonyView; packageId: string }) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = view.documents.find((document) => document.id === chosenId && document.open) ?? firstToShow(view);
  const [fills, setFills] = useState<Record<string, DocumentFill>>({});
  // How the signer chose to sign, for every signature field after the first, on every document;
  // kept with the role, as signers in person take turns on one device.
  const [adoptedBy, setAdoptedBy] = useState<{ roleId: string; adopted: AdoptedSignature } | null>(null);
  const adopted = adoptedBy?.roleId === view.signer.roleId ? adoptedBy.adopted : null;
  const viewed = useRef(new Set<string>());
  const end = useCeremonyEnding();
  const t = useTranslations();

  useEffect(() => {
    if (!chosen || !chosen.open || viewed.current.has(chosen.id)) return;
    viewed.current.add(chosen.id);
    void recordDocumentViewed(packageId, chosen.id).catch(() => viewed.current.delete(chosen.id));
  }, [chosen, packageId]);

  /** The signer has nothing left to do: the ceremony ends (in person, the device goes back to the host while others still sign). */
  function finishRole() {
    if (!view.host) end({ title: t("screen.signedTitle"), text: <FinishedText view={view} />, tone: "success", handover: view.package.handover, offerCopy: true, thankYou: view.package.thankYou });
    else if (view.host.signers.every((signer) => signer.completed || signer.roleId === view.signer.roleId)) {
      end({ title: t("ending.everyoneSignedTitle"), text: t("ending.everyoneSignedOnDevice", { packageName: view.package.name }), tone: "success" });
    }
  }
  const allSigned = view.documents.every((document) => document.done);
  const owedAttachments = missingAttachments(view.attachmentRequirements);

  if (!chosen) {
    return <p className="p-6 text-slate-700">{t("documents.none")}</p>;
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col md:flex-row">
      <aside className="shrink-0 border-b border-slate-200 bg-white md:w-64 md:overflow-y-auto md:border-r md:border-b-0">
        <DocumentList view={view} chosenId={chosen.id} onChoose={setChosenId} />
        <AttachmentsPanel
          packageId={packageId}
          requirements={view.attachmentRequirements}
          onUploaded={(requirement) => {
            const stillOwed = owedAttachments.filter((owed) => owed.id !== requirement.id);
            if (allSigned && stillOwed.length === 0 && requirement.files.length > 0) finishRole();
          }}
        />
      </aside>
      <div className="flex min-h-0 flex-1 flex-col">
        {allSigned && owedAttachments.length > 0 ? (
          <p role="status" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900">
            {t("documents.toFinish", { names: owedAttachments.map((requirement) => requirement.name).join(", ") })}
          </p>
        ) : null}
        <DocumentPane
          key={chosen.id}
          document={chosen}
          packageId={packageId}
          signerName={view.signer.name}
          signatureFonts={view.signatureFonts}
          adopted={adopted}
          onAdopted={(chosen) => setAdoptedBy({ roleId: view.signer.roleId, adopted: chosen })}
          fill={fills[chosen.id] ?? emptyFill()}
          onFill={(fill) => setFills((all) => ({ ...all, [chosen.id]: fill }))}
          onSigned={(roleCompleted) => (roleCompleted ? finishRole() : setChosenId(null))}
          hosted={Boolean(view.host)}
        />
      </div>
    </div>
  );
}

function DocumentList({ view, chosenId, onChoose }: { view: CeremonyView; chosenId: string; onChoose: (id: string) => void }) {
  const t = useTranslations("documents");
  const done = view.documents.filter((document) => document.done).length;
  return (
    <nav aria-label={t("list")}>
      <p className="px-4 pt-3 text-xs font-medium uppercase tracking-wide text-slate-500">
        {t("progress", { done, total: view.documents.length })}
      </p>
      <ol className="flex gap-1 overflow-x-auto p-2 md:flex-col md:overflow-visible">
        {view.documents.map((document, position) => {
          const current = document.id === chosenId;
          const mine = document.approvals.some((approval) => approval.mine);
          return (
            <li key={document.id} className="shrink-0">
              <button
                type="button"
                disabled={!document.open}
                aria-current={current ? "page" : undefined}
                onClick={() => onChoose(document.id)}
                title={document.open ? undefined : t("lockedTitle")}
                className={`flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 disabled:cursor-not-allowed disabled:text-slate-400 ${current ? "bg-sky-100 font-medium text-sky-950" : "hover:bg-slate-100"}`}
              >
                <span aria-hidden className={`flex size-5 shrink-0 items-center justify-center rounded-full text-xs ${document.done ? "bg-emerald-600 text-white" : "border border-slate-400"}`}>
                  {document.done ? "✓" : view.documentOrderEnforced ? position + 1 : ""}
                </span>
                <span className="truncate">{document.name}</span>
                <span className="sr-only">{!document.open ? t("lockedState") : !mine ? t("nothingForYouState") : document.done ? t("signedState") : ""}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

interface DocumentPaneProps {
  document: CeremonyDocument;
  packageId: string;
  signerName: string;
  /** The fonts the adopt dialog offers: the account's. */
  signatureFonts: readonly string[];
  adopted: AdoptedSignature | null;
  onAdopted: (adopted: AdoptedSignature) => void;
  fill: DocumentFill;
  onFill: (fill: DocumentFill) => void;
  /** After the document is signed: whether the signer has nothing left to do. */
  onSigned: (roleCompleted: boolean) => void;
  /** Signing hosted in person: after a signer finishes, the view goes on for the next. */
  hosted: boolean;
}

/** The chosen document: its pages with the fields over them, "next field", and signing it. */
function DocumentPane({ document, packageId, signerName, signatureFonts, adopted, onAdopted, fill, onFill, onSigned, hosted }: DocumentPaneProps) {
  const t = useTranslations("documents");
  const words = useFieldWords();
  const [currentKey, setCurrentKey] = useState<string | null>(null);
  const [scrollRequest, setScrollRequest] = useState<ScrollRequest | null>(null);
  // The field waiting for the signer to adopt a signature (drawn, for a field that asks for one).
  // `target: null`: the signer changes how they sign, for the fields they sign from now on.
  const [adopting, setAdopting] = useState<{ target: FillTarget | null } | null>(null);
  // A signer who finished on their own device sees the ending: the view is not asked again (the last one would be answered 409).
  const sign = useCeremonyAction(
    packageId,
    () => signDocument(packageId, document.id, signingRequest(document, fill)),
    (answer) => hosted || !answer.roleCompleted,
  );
  const fileUrl = documentPdfUrl(packageId, document.id);
  // The file's first and last chunks are asked for now, while the viewer's code may still be loading.
  useEffect(() => void readPdfStart(fileUrl).catch(() => undefined), [fileUrl]);
  const targets = fillTargets(document);
  const required = targets.filter((target) => target.required);
  const blocking = blockingTargets(document, fill);
  const mineToSign = document.approvals.some((approval) => approval.mine && !approval.signed);
  // An approval without fields is still signed (accepted) when it is not optional.
  const mustSign = document.approvals.some((approval) => approval.mine && !approval.signed && !approval.optional && !approval.disabled);

  /** Scrolls the target into view, then focuses it once its page is drawn (pages far away do not exist until then). */
  const goTo = useCallback(
    (target: FillTarget) => {
      setCurrentKey(target.key);
      setScrollRequest((previous) => ({ page: target.field.page, top: target.field.top, serial: (previous?.serial ?? 0) + 1 }));
      const elementId = targetElementId(document.id, target.key);
      let tries = 0;
      const focusWhenThere = () => {
        const element = window.document.getElementById(elementId);
        if (element) element.focus({ preventScroll: true });
        else if (tries++ < 40) window.setTimeout(focusWhenThere, 50);
      };
      window.setTimeout(focusWhenThere, 50);
    },
    [document.id],
  );

  /** A click on a signature field: takes back the signature given there, or gives the adopted one (asking for it first). */
  function signField(target: FillTarget) {
    if (fill.signatures[target.approval.id]) {
      const signatures = { ...fill.signatures };
      delete signatures[target.approval.id];
      onFill({ ...fill, signatures });
      return;
    }
    const mark = adopted ? markFor(signatureStyle(target.approval, target.field), adopted) : null;
    if (mark) filledAndOn({ ...fill, signatures: { ...fill.signatures, [target.approval.id]: mark } }, target);
    else setAdopting({ target });
  }

  function adoptAndSign(target: FillTarget | null, chosen: AdoptedSignature) {
    setAdopting(null);
    // A drawing made for a field that asks for one is used there, but does not replace how the signer chose to sign elsewhere.
    const drawOnly = target !== null && signatureStyle(target.approval, target.field) === "CAPTURE";
    if (!drawOnly || !adopted) onAdopted(chosen);
    const mark = target ? markFor(signatureStyle(target.approval, target.field), chosen) : null;
    if (target && mark) filledAndOn({ ...fill, signatures: { ...fill.signatures, [target.approval.id]: mark } }, target);
  }

  /** After a signature is given, the signer is taken to the next field that still needs them, one at a time. */
  function filledAndOn(filled: DocumentFill, target: FillTarget) {
    onFill(filled);
    const following = nextTarget(document, filled, target.key);
    if (following && following.key !== target.key) goTo(following);
  }

  const next = nextTarget(document, fill, currentKey);
  const current = targets.find((target) => target.key === currentKey);
  const issue = current ? valueIssue(fill, current) : null;
  const currentProblem = current && issue ? t("fieldProblem", { field: current.field.name || t("thisField"), problem: words.problem(issue) }) : null;
  const hasApprovals = document.approvals.some((approval) => approval.mine);
  // Nothing to send: only optional approvals are left and the signer filled none of them.
  const nothingToSign = signingRequest(document, fill).approvals.length === 0;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PdfPagesLoader
        fileUrl={fileUrl}
        byteRanges
        pages={document.pages}
        documentName={document.name}
        scrollRequest={scrollRequest}
        renderOverlay={(pageIndex, scale) => (
          <FieldLayer
            document={document}
            pageIndex={pageIndex}
            scale={scale}
            fill={fill}
            signerName={signerName}
            currentKey={currentKey}
            onFill={onFill}
            onFocusTarget={setCurrentKey}
            onSignatureClick={signField}
          />
        )}
      />
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white px-4 py-3">
        {!hasApprovals ? (
          <p className="mr-auto text-sm text-slate-600">{t("readOnly")}</p>
        ) : !mineToSign ? (
          <p className="mr-auto text-sm text-emerald-800">{t("youSigned")}</p>
        ) : (
          <p className="mr-auto text-sm text-slate-700" aria-live="polite">
            {required.length > 0
              ? t("requiredDone", { done: required.filter((target) => isTargetFilled(fill, target)).length, total: required.length })
              : mustSign
                ? t("nothingToFill")
                : t("nothingRequired")}
            {currentProblem ? <span className="block text-rose-700">{currentProblem}</span> : null}
          </p>
        )}
        {sign.isError ? (
          <p role="alert" className="w-full text-sm text-rose-700 sm:order-last">
            {sign.error.message}
          </p>
        ) : null}
        {mineToSign ? (
          <div className="ml-auto flex flex-wrap gap-2">
            {adopted ? (
              <Button variant="ghost" onClick={() => setAdopting({ target: null })}>
                {t("changeSignature")}
              </Button>
            ) : null}
            <Button variant="secondary" disabled={!next} onClick={() => next && goTo(next)}>
              {t("nextField")}
            </Button>
            <Button
              busy={sign.isPending}
              disabled={blocking.length > 0 || nothingToSign}
              onClick={() => sign.mutate(undefined, { onSuccess: (answer) => onSigned(answer.roleCompleted) })}
              title={blocking.length > 0 ? t("fillFirst") : undefined}
            >
              {t("sign")}
            </Button>
          </div>
        ) : null}
      </div>
      <AdoptSignatureDialog
        open={adopting !== null}
        drawOnly={adopting?.target ? signatureStyle(adopting.target.approval, adopting.target.field) === "CAPTURE" : false}
        signerName={signerName}
        fonts={signatureFonts}
        aspectRatio={adopting?.target ? adopting.target.field.width / adopting.target.field.height : 3}
        onClose={() => setAdopting(null)}
        onAdopt={(chosen) => adopting && adoptAndSign(adopting.target, chosen)}
      />
    </div>
  );
}
