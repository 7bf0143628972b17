import { rgb, type PDFPage } from "pdf-lib";
import { fitSingleLine, type Box } from "./fit-text";
import type { TextFont } from "./text-font";

/** What the frame around a signature says: who signed, when, and the signature's short id. */
export interface SignatureFrame {
  signedBy: string;
  /** The moment of signing, already formatted (date, time and zone). */
  signedAt: string;
  /** The signature's short id, as the certificate of completion lists it (signature-id.ts). */
  shortId: string;
  /** How it was signed, when not in the ceremony ("Signed through the API from 192.0.2.1"): said beside the id. */
  means?: string;
}

interface FrameBox extends Box {
  x: number;
  y: number;
}

const FRAME_INK = rgb(0.16, 0.3, 0.55);
const LABEL_INK = rgb(0.3, 0.33, 0.38);
/** Below this height (points) the labels would be unreadable: the signature is drawn alone. */
const SMALLEST_FRAMED_HEIGHT = 24;
const LABEL_SIZE = { min: 4.5, max: 7 };

/** The frame's two labels: who signed above, the short id and when below. */
export function signatureFrameTexts(frame: SignatureFrame): [string, string] {
  return [`Signed by ${frame.signedBy}`, `${frame.shortId} · ${frame.signedAt}${frame.means ? ` · ${frame.means}` : ""}`];
}

/**
 * Draws the frame of a typed or drawn signature in its field (a bracket on the left, "Signed by"
 * and the name above, the short id and the moment of signing below) and answers the box left
 * for the signature itself. A field too small for the labels gets none: the whole box is the
 * signature's.
 */
export function drawSignatureFrame(page: PDFPage, box: FrameBox, frame: SignatureFrame, label: TextFont): FrameBox {
  if (box.height < SMALLEST_FRAMED_HEIGHT || box.width < 3 * SMALLEST_FRAMED_HEIGHT) return box;
  const labelSize = Math.min(LABEL_SIZE.max, Math.max(LABEL_SIZE.min, box.height * 0.15));
  const [signedBy, signedWhen] = signatureFrameTexts(frame);
  // Both bands as tall as the taller label needs (a name in a CJK face is taller than DejaVu's line).
  const metrics = label.metricsOf(`${signedBy}${signedWhen}`);
  const band = labelSize * (metrics.ascent + metrics.descent) + 1;
  const indent = Math.max(3, labelSize * 0.8);
  const top = box.y + box.height;
  const bracket = { thickness: 0.9, color: FRAME_INK };
  page.drawLine({ start: { x: box.x + 0.5, y: box.y + 0.5 }, end: { x: box.x + 0.5, y: top - 0.5 }, ...bracket });
  page.drawLine({ start: { x: box.x + 0.5, y: top - 0.5 }, end: { x: box.x + indent * 2, y: top - 0.5 }, ...bracket });
  page.drawLine({ start: { x: box.x + 0.5, y: box.y + 0.5 }, end: { x: box.x + indent * 2, y: box.y + 0.5 }, ...bracket });

  const labelBox = { width: box.width - indent * 2.5, height: band };
  const drawLabel = (text: string, bandBottom: number) => {
    const fitted = fitSingleLine(text, labelBox, metrics, labelSize);
    if (fitted.size <= 0) return;
    label.draw(page, fitted.lines[0]!, { x: box.x + indent * 2.3, y: bandBottom + metrics.descent * fitted.size + 0.5, size: fitted.size, color: LABEL_INK });
  };
  drawLabel(signedBy, top - band);
  drawLabel(signedWhen, box.y);
  return { x: box.x + indent, y: box.y + band, width: box.width - indent, height: box.height - 2 * band };
}
