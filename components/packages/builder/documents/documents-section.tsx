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

const INSTRUCTIONS =
  "To move a document, press Space or Enter on its handle, use the up and down arrow keys, then press Space or Enter again to drop it, or Escape to cancel.";

/** Documents: upload several PDFs, see their first pages, rename, remove, drag to reorder, and whether the order binds signers. */
export function DocumentsSection({ pkg }: { pkg: WirePackage }) {
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

  const nameOf = (id: UniqueIdentifier) => documents.find((document) => document.id === id)?.name ?? "the document";
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, document ${positionOf(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is now at position ${positionOf(over.id)} of ${ids.length}.` : `${nameOf(active.id)} is outside the list.`),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${ids.length}.` : `${nameOf(active.id)} dropped; the order did not change.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled; it stays at position ${positionOf(active.id)}.`,
  };

  const saveOrder = (nextIds: string[], enforce: boolean) => {
    reorder.mutate(enforce ? enforcedOrder(nextIds) : freeOrder(nextIds), {
      onError: (error) => toast.error(`The document order was not saved: ${error.message}`),
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const nextIds = arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    if (!enforced) toast.info("Signers now sign the documents in this order: the service keeps a document order only as a signing order.");
    saveOrder(nextIds, true);
  };

  return (
    <BuilderSection
      title="Documents"
      testId="documents-section"
      description="The PDFs to sign. Drag a document by its handle to change the order."
    >
      <CheckboxField
        label="Create fields from text tags"
        hint="Reads tags such as {{esl:Signer1:signature}} in the PDFs you add next and places those fields for you."
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
        accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      >
        <ol aria-label="Documents in order" className="mt-4 space-y-2">
          {consent ? <ConsentDocumentRow document={consent} packageId={pkg.id} /> : null}
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            {documents.map((document, position) => (
              <SortableDocumentRow key={document.id} document={document} packageId={pkg.id} position={position + 1} count={documents.length} roles={pkg.roles} />
            ))}
          </SortableContext>
        </ol>
      </DndContext>
      {documents.length === 0 && uploads.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No document yet: add the PDFs your signers will sign.</p>
      ) : null}

      <CheckboxField
        label="Signers must sign the documents in this order"
        hint={
          documents.length < 2
            ? "With two or more documents, you can make signers sign them one after another."
            : "When this is off, signers may sign the documents in any order, and they are listed in the order they were added. Moving a document turns it on."
        }
        checked={enforced}
        disabled={documents.length < 2 || reorder.isPending}
        onChange={(event) => saveOrder(ids, event.target.checked)}
        className="mt-4"
      />
    </BuilderSection>
  );
}
