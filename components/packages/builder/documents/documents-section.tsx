"use client";

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useState } from "react";
import { useTranslations } from "use-intl";
import type { WirePackage } from "@/lib/api/packages";
import { CheckboxField } from "@/components/ui/form-field";
import { useToast } from "@/components/ui/toast";
import { useReorderDocuments } from "@/lib/console/queries/package-builder";
import { BuilderSection } from "../builder-section";
import { DocumentDropZone } from "./document-drop-zone";
import { enforcedOrder, freeOrder, isConsent, isOrderEnforced, uploadedDocuments } from "./document-order";
import { ConsentDocumentRow, SortableDocumentRow } from "./document-row";
import { UploadList } from "./upload-list";
import { useDocumentUploads } from "./use-document-uploads";

/** Documents move up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** Documents: upload several PDFs, see their first pages, rename, remove, drag to reorder, and whether the order binds signers. */
export function DocumentsSection({ pkg }: { pkg: WirePackage }) {
  const t = useTranslations("console.builder.documents");
  const toast = useToast();
  const reorder = useReorderDocuments(pkg.id);
  const { uploads, start, dismiss } = useDocumentUploads(pkg);
  const [extractTextTags, setExtractTextTags] = useState(false);
  const consent = pkg.documents.find(isConsent);
  const documents = uploadedDocuments(pkg.documents);
  const ids = documents.map((document) => document.id);
  const enforced = isOrderEnforced(pkg.documents);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const nameOf = (id: UniqueIdentifier) => documents.find((document) => document.id === id)?.name ?? t("theDocument");
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("drag.start", { name: nameOf(active.id), position: positionOf(active.id), count: ids.length }),
    onDragOver: ({ active, over }) =>
      over ? t("drag.over", { name: nameOf(active.id), position: positionOf(over.id), count: ids.length }) : t("drag.outside", { name: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over ? t("drag.dropped", { name: nameOf(active.id), position: positionOf(over.id), count: ids.length }) : t("drag.droppedUnchanged", { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t("drag.cancelled", { name: nameOf(active.id), position: positionOf(active.id) }),
  };

  const saveOrder = (nextIds: string[], enforce: boolean) => {
    reorder.mutate(enforce ? enforcedOrder(nextIds) : freeOrder(nextIds), {
      onError: (error) => toast.error(t("orderNotSaved", { reason: error.message })),
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const nextIds = arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    if (!enforced) toast.info(t("orderNowEnforced"));
    saveOrder(nextIds, true);
  };

  return (
    <BuilderSection
      title={t("title")}
      testId="documents-section"
      description={t("description")}
    >
      <CheckboxField
        label={t("textTags")}
        hint={t("textTagsHint", { example: "{{esl:Signer1:signature}}" })}
        checked={extractTextTags}
        onChange={(event) => setExtractTextTags(event.target.checked)}
        className="mb-3"
      />
      <DocumentDropZone onFiles={(files) => start(files, extractTextTags)} />
      <UploadList uploads={uploads} onDismiss={dismiss} />

      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={[verticalOnly]}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t("drag.instructions") } }}
      >
        <ol aria-label={t("inOrder")} className="mt-4 space-y-2">
          {consent ? <ConsentDocumentRow document={consent} packageId={pkg.id} /> : null}
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            {documents.map((document, position) => (
              <SortableDocumentRow key={document.id} document={document} packageId={pkg.id} position={position + 1} count={documents.length} roles={pkg.roles} />
            ))}
          </SortableContext>
        </ol>
      </DndContext>
      {documents.length === 0 && uploads.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t("empty")}</p>
      ) : null}

      <CheckboxField
        label={t("enforceOrder")}
        hint={documents.length < 2 ? t("enforceOrderNeedsTwo") : t("enforceOrderHint")}
        checked={enforced}
        disabled={documents.length < 2 || reorder.isPending}
        onChange={(event) => saveOrder(ids, event.target.checked)}
        className="mt-4"
      />
    </BuilderSection>
  );
}
