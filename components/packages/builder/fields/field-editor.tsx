"use client";

import {
  DndContext,
  DragOverlay,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type Modifier,
} from "@dnd-kit/core";
import { getEventCoordinates } from "@dnd-kit/utilities";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import type { WirePackage } from "@/lib/api/packages";
import { apiPath, proxied } from "@/lib/console/api-client";
import { boxAtPointer, defaultSpot, screenToPagePoint, type Box, type Point } from "@/lib/console/field-geometry";
import { newClientId, useFieldChanges, type FieldTarget, type NewField } from "@/lib/console/queries/package-fields";
import { usePackage } from "@/lib/console/queries/packages";
import { PdfPagesLoader } from "@/components/signing/pdf-pages-loader";
import type { ScrollRequest } from "@/components/signing/pdf-pages";
import { useToast } from "@/components/ui/toast";
import { CONSENT_DOCUMENT_ID } from "@/lib/esign/documents/consent-document-id";
import { useSaveBeforeSending } from "../unsaved-work";
import { signerColour, signingRoles } from "../signer-colours";
import { roleDisplayName } from "../signers/role-labels";
import { DocumentTabs, documentPanelId, documentTabId } from "./document-tabs";
import { FieldInspector } from "./field-inspector";
import { KIND_SPECS, type PaletteKind } from "./field-kinds";
import { FieldList } from "./field-list";
import { FieldPageLayer, type PageDropData } from "./field-page-layer";
import { FieldPalette, type PaletteDragData } from "./field-palette";
import { sameTarget, useFieldViews, type FieldView } from "./field-views";
import { SignerPicker, type SignerOption } from "./signer-picker";

/**
 * The drag preview sits where the field will land if dropped now: centred on the pointer, or, over
 * a page where that would cross its edge, starting at the pointer (boxAtPointer, in screen pixels).
 */
const previewWhereTheDropLands: Modifier = ({ activatorEvent, draggingNodeRect, transform }) => {
  const start = activatorEvent ? getEventCoordinates(activatorEvent) : null;
  if (!draggingNodeRect || !start) return transform;
  const pointer = { x: start.x + transform.x, y: start.y + transform.y };
  const size = { width: draggingNodeRect.width, height: draggingNodeRect.height };
  const hit = pageUnder(document.querySelectorAll("[data-field-page]"), pointer);
  const box = hit
    ? boxAtPointer({ x: pointer.x - hit.rect.left, y: pointer.y - hit.rect.top }, size, { width: hit.rect.width, height: hit.rect.height })
    : { left: pointer.x - size.width / 2, top: pointer.y - size.height / 2 };
  const left = (hit?.rect.left ?? 0) + box.left;
  const top = (hit?.rect.top ?? 0) + box.top;
  return { ...transform, x: left - draggingNodeRect.left, y: top - draggingNodeRect.top };
};

function contains(rect: DOMRect, point: Point): boolean {
  return point.x >= rect.left && point.x <= rect.right && point.y >= rect.top && point.y <= rect.bottom;
}

/**
 * The page under the point, measured now (the pages scroll, and come and go, while a field is
 * dragged); only where the page shows, not where the scrolling view hides it.
 */
function pageUnder(pageElements: Iterable<Element>, point: Point): { element: HTMLElement; rect: DOMRect } | null {
  for (const element of pageElements) {
    const view = element.closest('[data-testid="pdf-pages"]');
    if (!(element instanceof HTMLElement) || !view || !contains(view.getBoundingClientRect(), point)) continue;
    const rect = element.getBoundingClientRect();
    if (contains(rect, point)) return { element, rect };
  }
  return null;
}

const pointerOnPage: CollisionDetection = ({ droppableContainers, pointerCoordinates }) => {
  if (!pointerCoordinates) return [];
  const nodes = droppableContainers.map((container) => container.node.current).filter((node): node is HTMLElement => node !== null);
  const hit = pageUnder(nodes, pointerCoordinates);
  const container = hit ? droppableContainers.find((candidate) => candidate.node.current === hit.element) : undefined;
  return container ? [{ id: container.id }] : [];
};

function pageNumberOf(data: unknown): number | null {
  const page = data as PageDropData | undefined;
  return typeof page?.pageIndex === "number" ? page.pageIndex + 1 : null;
}

function kindOf(data: unknown): PaletteKind | null {
  const drag = data as PaletteDragData | undefined;
  return drag?.source === "palette" ? drag.kind : null;
}

/**
 * The builder's field placement: the documents' pages with their fields, a palette to drag new
 * fields from (or add with the keyboard), whose fields they are, and the selected field's
 * settings. Every change is saved at once (see useFieldChanges).
 */
export function FieldEditor({ pkg }: { pkg: WirePackage }) {
  const t = useTranslations("console.builder.fields");
  const toast = useToast();
  const live = usePackage(pkg.id).data ?? pkg;
  const changes = useFieldChanges(live, toast.error);
  useSaveBeforeSending(changes.saved);
  const editable = live.status === "DRAFT";
  const baseId = useId();
  const keyboardHelpId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  const documents = useMemo(() => live.documents.filter((document) => document.id !== CONSENT_DOCUMENT_ID), [live.documents]);
  const signers: SignerOption[] = useMemo(
    () =>
      signingRoles(live).map((role, index) => ({
        roleId: role.id,
        name: role.type === "SENDER" ? t("senderName", { name: roleDisplayName(role) }) : roleDisplayName(role),
        colour: signerColour(index),
      })),
    [live, t],
  );

  const [chosenDocumentId, setChosenDocumentId] = useState<string | null>(null);
  const doc = documents.find((document) => document.id === chosenDocumentId) ?? documents[0];
  // The document in view stays in view when the documents are reordered (the first one is only where the view starts).
  if (doc && doc.id !== chosenDocumentId) setChosenDocumentId(doc.id);
  const [chosenRoleId, setChosenRoleId] = useState<string | null>(null);
  const signer = signers.find((option) => option.roleId === chosenRoleId) ?? signers[0];

  const [currentPage, setCurrentPage] = useState(0);
  const pageIndex = doc ? Math.min(currentPage, doc.pages.length - 1) : 0;
  const [selected, setSelected] = useState<FieldTarget | null>(null);
  const [focusFieldId, setFocusFieldId] = useState<string | null>(null);
  const [scrollRequest, setScrollRequest] = useState<ScrollRequest | null>(null);
  const [scale, setScale] = useState(1);
  const [dragKind, setDragKind] = useState<PaletteKind | null>(null);

  const views = useFieldViews(doc, signers);
  const viewsByPage = useMemo(() => {
    const byPage = new Map<number, FieldView[]>();
    for (const view of views) byPage.set(view.field.page, [...(byPage.get(view.field.page) ?? []), view]);
    return byPage;
  }, [views]);
  const selectedView = views.find((view) => sameTarget(view.target, selected));

  const chooseDocument = (documentId: string) => {
    setChosenDocumentId(documentId);
    setSelected(null);
    setScrollRequest(null);
    setCurrentPage(0);
  };

  // ---- Changes ----

  const placeField = (kind: PaletteKind, page: number, box: Box): FieldTarget | null => {
    if (!doc || !signer) return null;
    const field: NewField = { id: newClientId(), ...KIND_SPECS[kind].input, page, ...box };
    const target = changes.place(doc.id, signer.roleId, field);
    setSelected(target);
    return target;
  };

  const addToCurrentPage = (kind: PaletteKind) => {
    const page = doc?.pages[pageIndex];
    if (!page) return;
    const box = defaultSpot(KIND_SPECS[kind].size, page, viewsByPage.get(pageIndex)?.length ?? 0);
    const target = placeField(kind, pageIndex, box);
    if (!target) return;
    setFocusFieldId(target.fieldId);
    setScrollRequest({ page: pageIndex, top: box.top, serial: Date.now() });
  };

  const focusPages = () => rootRef.current?.querySelector<HTMLElement>('[data-testid="pdf-pages"]')?.focus();

  const removeField = (target: FieldTarget) => {
    changes.remove(target);
    setSelected((current) => (sameTarget(current, target) ? null : current));
    focusPages();
  };

  const onCommit = useCallback((target: FieldTarget, box: Box) => changes.change(target, box), [changes]);

  const goTo = (view: FieldView) => {
    setSelected(view.target);
    setFocusFieldId(view.field.id);
    setScrollRequest({ page: view.field.page, top: view.field.top, serial: Date.now() });
  };

  // ---- Dragging from the palette ----

  const kindName = (kind: PaletteKind | null) => t(`kinds.${KIND_SPECS[kind ?? "signature"].kind}`);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("drag.start", { kind: kindName(kindOf(active.data.current)) }),
    onDragOver: ({ over }) => (over ? t("drag.over", { page: pageNumberOf(over.data.current) ?? "" }) : t("drag.notOver")),
    onDragEnd: ({ active, over }) => {
      const kind = kindName(kindOf(active.data.current));
      return over ? t("drag.placed", { kind, page: pageNumberOf(over.data.current) ?? "" }) : t("drag.notPlaced", { kind });
    },
    onDragCancel: () => t("drag.cancelled"),
  };

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const pointer = useRef<Point | null>(null);
  const trackPointer = useCallback((event: PointerEvent) => {
    pointer.current = { x: event.clientX, y: event.clientY };
  }, []);
  useEffect(() => () => window.removeEventListener("pointermove", trackPointer), [trackPointer]);

  const onDragStart = (event: DragStartEvent) => {
    setDragKind(kindOf(event.active.data.current));
    pointer.current = event.activatorEvent ? getEventCoordinates(event.activatorEvent) : null;
    window.addEventListener("pointermove", trackPointer);
  };

  const endDrag = () => {
    window.removeEventListener("pointermove", trackPointer);
    setDragKind(null);
  };

  const onDragEnd = (event: DragEndEvent) => {
    endDrag();
    const kind = kindOf(event.active.data.current);
    const at = pointer.current;
    if (!kind || !at || !doc) return;
    const hit = pageUnder(rootRef.current?.querySelectorAll("[data-field-page]") ?? [], at);
    if (!hit) return;
    const index = Number(hit.element.dataset.fieldPage);
    const page = doc.pages[index];
    if (!page || hit.rect.width <= 0) return;
    const pageScale = hit.rect.width / page.width;
    placeField(kind, index, boxAtPointer(screenToPagePoint(at, hit.rect, pageScale), KIND_SPECS[kind].size, page));
  };

  if (documents.length === 0 || !doc) {
    return (
      <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600" data-testid="field-editor-empty">
        {t("noDocument")}
      </p>
    );
  }

  const paletteDisabled = !editable || !signer;
  const dragSpec = dragKind ? KIND_SPECS[dragKind] : null;

  return (
    <div ref={rootRef} className="space-y-4" data-testid="field-editor">
      <DndContext
        sensors={sensors}
        collisionDetection={pointerOnPage}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={endDrag}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t("drag.instructions") } }}
      >
        <DocumentTabs baseId={baseId} documents={documents} selectedId={doc.id} onSelect={chooseDocument} />
        {/* Phones: the palette, the pages, then the rest. Wider: the pages beside everything else. */}
        <div className="grid gap-4 lg:grid-cols-[18rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
          <div className="space-y-4 lg:col-start-1 lg:row-start-1">
            {!editable ? (
              <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t("notDraft")}</p>
            ) : signers.length === 0 ? (
              <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="field-editor-no-signers">
                {t("noSigner")}
              </p>
            ) : (
              <SignerPicker signers={signers} value={signer!.roleId} onChange={setChosenRoleId} />
            )}
            {editable ? <FieldPalette pageNumber={pageIndex + 1} disabled={paletteDisabled} onAdd={addToCurrentPage} /> : null}
          </div>

          <div
            role="tabpanel"
            id={documentPanelId(baseId)}
            aria-labelledby={documentTabId(baseId, doc.id)}
            className="flex h-[65vh] min-h-96 flex-col overflow-hidden rounded-md border border-slate-200 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:h-[75vh]"
          >
            <PdfPagesLoader
              key={doc.id}
              fileUrl={proxied(apiPath("packages", live.id, "documents", doc.id, "original"))}
              pages={doc.pages}
              documentName={doc.name}
              scrollRequest={scrollRequest}
              onCurrentPageChange={setCurrentPage}
              renderOverlay={(index, pageScale) => (
                <FieldPageLayer
                  documentId={doc.id}
                  pageIndex={index}
                  page={doc.pages[index]!}
                  scale={pageScale}
                  fields={viewsByPage.get(index) ?? []}
                  editable={editable}
                  selected={selected}
                  focusFieldId={focusFieldId}
                  keyboardHelpId={keyboardHelpId}
                  onScale={setScale}
                  onFocused={() => setFocusFieldId(null)}
                  onSelect={setSelected}
                  onCommit={onCommit}
                  onDelete={removeField}
                />
              )}
            />
          </div>

          <div className="space-y-4 lg:col-start-1 lg:row-start-2">
            {selectedView ? (
              <FieldInspector
                view={selectedView}
                signers={signers}
                editable={editable}
                onReassign={(roleId) => {
                  const moved = changes.reassign(selectedView.target, roleId);
                  if (moved) setSelected(moved);
                }}
                onRequired={(required) => changes.change(selectedView.target, { validation: { ...selectedView.field.validation, required } })}
                onSignatureStyle={(subtype) => changes.change(selectedView.target, { subtype })}
                onDelete={() => removeField(selectedView.target)}
              />
            ) : null}
            <FieldList views={views} selected={selected} onGoTo={goTo} />
            <TextTagsNote extracted={doc.extract} />
            <p role="status" className="text-xs text-slate-600" data-testid="field-save-status">
              {changes.pending > 0 ? t("saving") : t("savedAsYouGo")}
            </p>
          </div>
        </div>
        <p id={keyboardHelpId} className="sr-only">
          {t("keyboardHelp")}
        </p>
        <DragOverlay modifiers={[previewWhereTheDropLands]} dropAnimation={null}>
          {dragSpec && signer ? (
            <div
              className="flex items-center rounded-sm border-2 px-1 text-xs font-medium shadow-lg"
              style={{
                width: dragSpec.size.width * scale,
                height: dragSpec.size.height * scale,
                borderColor: signer.colour.solid,
                background: `${signer.colour.tint}e6`,
                color: signer.colour.text,
              }}
            >
              {dragSpec.size.height * scale >= 14 ? <span className="truncate">{t("fieldLabel", { kind: t(`kinds.${dragSpec.kind}`), signer: signer.name })}</span> : null}
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
    </div>
  );
}

/** A text tag as written in a PDF: code, the same in every language. */
const TEXT_TAG_EXAMPLE = "{{esl:Signer1:signature}}";

function TextTagsNote({ extracted }: { extracted: boolean }) {
  const t = useTranslations("console.builder.fields");
  const tDocuments = useTranslations("console.builder.documents");
  return (
    <div className="rounded-md border border-slate-200 p-3 text-sm text-slate-700" data-testid="field-text-tags-note">
      <h3 className="font-medium text-slate-900">{t("textTagsTitle")}</h3>
      <p className="mt-1">
        {t.rich("textTagsText", {
          option: tDocuments("textTags"),
          code: () => <code className="rounded bg-slate-100 px-1 text-xs">{TEXT_TAG_EXAMPLE}</code>,
        })}
      </p>
      {extracted ? <p className="mt-2 font-medium text-slate-900">{t("textTagsRead")}</p> : null}
    </div>
  );
}
