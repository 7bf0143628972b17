"use client";

import { useDroppable } from "@dnd-kit/core";
import { useEffect } from "react";
import type { Box, Size } from "@/lib/console/field-geometry";
import type { FieldTarget } from "@/lib/console/queries/package-fields";
import { fieldKindOf } from "./field-kinds";
import { sameTarget, type FieldView } from "./field-views";
import { PlacedField } from "./placed-field";

export interface PageDropData {
  documentId: string;
  pageIndex: number;
}

export interface FieldPageLayerProps {
  documentId: string;
  pageIndex: number;
  page: Size;
  scale: number;
  fields: FieldView[];
  editable: boolean;
  selected: FieldTarget | null;
  focusFieldId: string | null;
  keyboardHelpId: string;
  onScale: (scale: number) => void;
  onFocused: () => void;
  onSelect: (target: FieldTarget) => void;
  onCommit: (target: FieldTarget, box: Box) => void;
  onDelete: (target: FieldTarget) => void;
}

/** What lies over one page: the drop area for the palette, and the page's fields. */
export function FieldPageLayer(props: FieldPageLayerProps) {
  const { documentId, pageIndex, page, scale, fields, editable, selected, focusFieldId, keyboardHelpId, onScale } = props;
  const data: PageDropData = { documentId, pageIndex };
  const { setNodeRef, isOver } = useDroppable({ id: `field-page-${documentId}-${pageIndex}`, data, disabled: !editable });

  // The palette's drag preview is drawn at the pages' scale.
  useEffect(() => onScale(scale), [onScale, scale]);

  return (
    <div
      ref={setNodeRef}
      data-testid={`field-page-${documentId}-${pageIndex}`}
      data-field-page={pageIndex}
      className={`absolute inset-0 ${isOver ? "bg-sky-500/10 outline-2 -outline-offset-2 outline-sky-600 outline-dashed" : ""}`}
    >
      {fields.map((view) => (
        <PlacedField
          key={`${view.target.approvalId}/${view.field.id}`}
          field={view.field}
          label={view.label}
          kind={view.kind}
          signerName={view.signerName}
          accessibleName={view.accessibleName}
          colour={view.colour}
          scale={scale}
          page={page}
          selected={sameTarget(selected, view.target)}
          editable={editable}
          keyboardHelpId={keyboardHelpId}
          testId="placed-field"
          dataAttributes={{ "data-role": view.roleId, "data-kind": fieldKindOf(view.field) ?? view.field.subtype, "data-page": String(pageIndex) }}
          focusRequested={focusFieldId === view.field.id}
          onFocused={props.onFocused}
          onSelect={() => props.onSelect(view.target)}
          onCommit={(box) => props.onCommit(view.target, box)}
          onDelete={() => props.onDelete(view.target)}
        />
      ))}
    </div>
  );
}
