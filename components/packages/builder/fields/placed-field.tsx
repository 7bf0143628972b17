"use client";

import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import type { WireField } from "@/lib/api/packages";
import { applyKeyboardChange, boxToPixels, keyboardChange, moveBox, pixelsToPoints, resizeBox, type Box, type Size } from "@/lib/console/field-geometry";
import type { SignerColour } from "../signer-colours";

/** Keyboard moves are saved once the keys rest this long (one call, not one per key press). */
const KEYBOARD_SAVE_DELAY_MS = 500;
/** A press that moves less than this (CSS pixels) is a click, not a drag. */
const DRAG_THRESHOLD_PX = 3;

export interface PlacedFieldProps {
  field: WireField;
  /** "Signature · Ada Lovelace", the field's title. */
  label: string;
  /** What the field is ("Initials") and whose ("Ada Lovelace"): drawn in the box on two lines, or beside it when they do not fit. */
  kind: string;
  signerName: string;
  /** The label with the page and whether it is required, for screen readers. */
  accessibleName: string;
  colour: SignerColour;
  scale: number;
  page: Size;
  selected: boolean;
  editable: boolean;
  /** The id of the element that tells how to move, resize and delete with the keyboard. */
  keyboardHelpId: string;
  testId: string;
  /** `data-*` attributes for tests (whose field, which kind, which page). */
  dataAttributes?: Record<`data-${string}`, string>;
  focusRequested: boolean;
  onFocused: () => void;
  onSelect: () => void;
  onCommit: (box: Box) => void;
  onDelete: () => void;
}

interface PointerGesture {
  pointerId: number;
  mode: "move" | "resize";
  startX: number;
  startY: number;
  start: Box;
  moved: boolean;
}

/** The chip's text: one size at every zoom, so it stays readable when the page is drawn small. */
const CHIP_FONT_PX = 11;
const CHIP_LINE_PX = 13;

let measuring: CanvasRenderingContext2D | null = null;

/** The width of `text` in the chip's type (semibold, the page's sans-serif), in CSS pixels; generous before a canvas exists. */
function textWidth(text: string): number {
  if (typeof document === "undefined") return text.length * CHIP_FONT_PX * 0.65;
  if (!measuring) {
    measuring = document.createElement("canvas").getContext("2d");
    if (measuring) measuring.font = `600 ${CHIP_FONT_PX}px ${getComputedStyle(document.body).fontFamily}`;
  }
  return measuring ? measuring.measureText(text).width : text.length * CHIP_FONT_PX * 0.65;
}

function boxOf(field: WireField): Box {
  return { left: field.left, top: field.top, width: field.width, height: field.height };
}

function sameBox(a: Box, b: Box): boolean {
  return a.left === b.left && a.top === b.top && a.width === b.width && a.height === b.height;
}

/**
 * One field over its page, in its signer's colour: selected by a click or by Tab, moved by
 * dragging or the arrow keys, resized by its corner handle or Shift+Alt+arrows, removed with
 * Delete. While it moves, the box lives here; it is handed up once the gesture ends.
 */
export function PlacedField(props: PlacedFieldProps) {
  const { field, label, kind, signerName, accessibleName, colour, scale, page, selected, editable, keyboardHelpId, testId, dataAttributes, focusRequested, onFocused, onSelect, onCommit, onDelete } = props;
  const elementRef = useRef<HTMLButtonElement>(null);
  const [draft, setDraft] = useState<Box | null>(null);
  const draftRef = useRef<Box | null>(null);
  const gesture = useRef<PointerGesture | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const commitRef = useRef(onCommit);

  useEffect(() => {
    commitRef.current = onCommit;
  }, [onCommit]);

  useEffect(() => {
    if (!focusRequested) return;
    elementRef.current?.focus({ preventScroll: true });
    onFocused();
  }, [focusRequested, onFocused]);

  const showDraft = (box: Box | null) => {
    draftRef.current = box;
    setDraft(box);
  };

  const commitDraft = () => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = null;
    const box = draftRef.current;
    if (box && !sameBox(box, boxOf(field))) commitRef.current(box);
    showDraft(null);
  };

  // A keyboard move still waiting to be saved when the page scrolls out of view (and this unmounts) is saved then.
  useEffect(
    () => () => {
      if (saveTimer.current && draftRef.current) {
        clearTimeout(saveTimer.current);
        commitRef.current(draftRef.current);
      }
    },
    [],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!editable) return;
    if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      onDelete();
      return;
    }
    const change = keyboardChange(event.key, event);
    if (!change) return;
    event.preventDefault(); // the arrows would scroll the pages
    showDraft(applyKeyboardChange(draftRef.current ?? boxOf(field), change, page));
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(commitDraft, KEYBOARD_SAVE_DELAY_MS);
  };

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (!editable || event.button !== 0) return;
    const mode = (event.target as Element).closest("[data-resize-handle]") ? "resize" : "move";
    event.currentTarget.setPointerCapture(event.pointerId);
    gesture.current = { pointerId: event.pointerId, mode, startX: event.clientX, startY: event.clientY, start: draftRef.current ?? boxOf(field), moved: false };
    onSelect();
  };

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const current = gesture.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dxPx = event.clientX - current.startX;
    const dyPx = event.clientY - current.startY;
    if (!current.moved && Math.hypot(dxPx, dyPx) < DRAG_THRESHOLD_PX) return;
    current.moved = true;
    const dx = pixelsToPoints(dxPx, scale);
    const dy = pixelsToPoints(dyPx, scale);
    showDraft(current.mode === "move" ? moveBox(current.start, dx, dy, page) : resizeBox(current.start, dx, dy, page));
  };

  const endGesture = (event: PointerEvent<HTMLButtonElement>) => {
    const current = gesture.current;
    if (!current || current.pointerId !== event.pointerId) return;
    gesture.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
    if (current.moved) commitDraft();
  };

  const box = boxToPixels(draft ?? boxOf(field), scale);
  // The kind and the signer are never cut short: inside the box when both fit whole, else in a tag above it (below, at the page's top).
  const inside = box.height >= 2 * CHIP_LINE_PX + 4 && textWidth(kind) <= box.width - 10 && textWidth(signerName) <= box.width - 10;
  const tagBelow = box.top < CHIP_LINE_PX + 6;
  // The tag stays on the page: moved left as far as its width needs (a field near the right edge), wrapping only when wider than the page.
  const pageWidth = page.width * scale;
  const tagWidth = textWidth(`${kind} · ${signerName}`) + 12;
  const tagLeft = Math.max(-box.left, Math.min(-2, pageWidth - box.left - tagWidth));
  return (
    <button
      ref={elementRef}
      type="button"
      aria-label={accessibleName}
      aria-describedby={editable ? keyboardHelpId : undefined}
      data-testid={testId}
      {...dataAttributes}
      data-field-id={field.id}
      data-selected={selected ? "true" : undefined}
      title={label}
      onFocus={onSelect}
      onBlur={() => {
        if (saveTimer.current) commitDraft();
      }}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endGesture}
      onPointerCancel={endGesture}
      className={`absolute flex touch-none select-none flex-col items-start justify-center rounded-sm border-2 px-1 text-left focus-visible:outline-none ${
        selected ? "z-20 ring-2 ring-sky-600 ring-offset-1" : "z-10 hover:z-20"
      } ${editable ? "cursor-move" : "cursor-default"}`}
      style={{
        left: box.left,
        top: box.top,
        width: box.width,
        height: box.height,
        borderColor: colour.solid,
        background: `${colour.tint}e6`,
        color: colour.text,
        fontSize: CHIP_FONT_PX,
        lineHeight: `${CHIP_LINE_PX}px`,
      }}
    >
      {inside ? (
        <span className="whitespace-nowrap" data-testid="field-chip-text">
          <span className="block font-semibold">{kind}</span>
          <span className="block">{signerName}</span>
        </span>
      ) : (
        <span
          aria-hidden
          data-testid="field-chip-tag"
          className={`pointer-events-none absolute rounded-sm border px-1 shadow-sm ${tagWidth > pageWidth ? "" : "whitespace-nowrap"} ${tagBelow ? "top-full mt-0.5" : "bottom-full mb-0.5"}`}
          style={{ left: tagLeft, maxWidth: pageWidth, borderColor: colour.solid, background: colour.tint, color: colour.text }}
        >
          <span className="font-semibold">{kind}</span> · {signerName}
        </span>
      )}
      {editable && selected ? (
        <span
          aria-hidden
          data-resize-handle
          className="absolute -bottom-2 -right-2 size-4 cursor-nwse-resize rounded-full border-2 border-white shadow"
          style={{ background: colour.solid }}
        />
      ) : null}
    </button>
  );
}
