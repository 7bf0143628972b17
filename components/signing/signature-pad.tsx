"use client";

import { useEffect, useRef } from "react";
import SignaturePad from "signature_pad";
import { useTranslations } from "use-intl";

/**
 * A pad to draw on with a mouse, a finger or a pen (signature_pad, on pointer events), as wide as
 * its container and shaped `aspectRatio`; `tallOnPhone`: on a narrow screen, half the screen's
 * height instead (a phone held upright leaves a field-shaped pad a finger high). When the
 * container changes width (a phone turned), the canvas is sized again and the strokes drawn so far
 * are scaled to it, not lost.
 */
export function SignatureDrawingPad({
  aspectRatio,
  tallOnPhone = false,
  onPad,
  onChange,
}: {
  aspectRatio: number;
  tallOnPhone?: boolean;
  onPad: (pad: SignaturePad | null) => void;
  onChange: (empty: boolean) => void;
}) {
  const t = useTranslations("adopt");
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { minWidth: 0.8, maxWidth: 2.6, penColor: "#0b1f4d" });
    pad.addEventListener("endStroke", () => changed.current(pad.isEmpty()));
    let drawnWidth = 0;
    let drawnHeight = 0;
    const fit = () => {
      const width = canvas.offsetWidth;
      const height = canvas.offsetHeight;
      if (width === 0 || (width === drawnWidth && height === drawnHeight)) return;
      const strokes = pad.toData();
      // One scale both ways, so the signature keeps its shape; the one that keeps it inside a pad whose shape changed.
      const scale = drawnWidth > 0 ? Math.min(width / drawnWidth, aspectRatioChanged(drawnWidth, drawnHeight, width, height) ? height / drawnHeight : Infinity) : 1;
      // Drawn at the screen's pixel density (at least 2), so the signature stays sharp on the sealed page.
      const density = Math.max(window.devicePixelRatio || 1, 2);
      canvas.width = width * density;
      canvas.height = height * density;
      canvas.getContext("2d")!.scale(density, density);
      pad.clear();
      pad.fromData(strokes.map((stroke) => ({ ...stroke, points: stroke.points.map((point) => ({ ...point, x: point.x * scale, y: point.y * scale })) })));
      drawnWidth = width;
      drawnHeight = height;
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    onPad(pad);
    changed.current(true);
    return () => {
      observer.disconnect();
      pad.off();
      onPad(null);
    };
  }, [onPad]);

  return (
    <div className="relative rounded-md border-2 border-dashed border-slate-300 bg-white">
      <canvas
        ref={canvasRef}
        aria-label={t("drawingArea")}
        data-testid="signature-pad"
        className={`block w-full cursor-crosshair touch-none ${tallOnPhone ? "max-sm:h-[50dvh]" : ""}`}
        style={{ aspectRatio: String(Math.min(Math.max(aspectRatio, 2), 5)) }}
      />
      <div aria-hidden className="pointer-events-none absolute inset-x-6 bottom-[22%] border-b border-slate-300" />
    </div>
  );
}

/** Whether the pad's shape changed (not only its size), by more than rounding. */
function aspectRatioChanged(oldWidth: number, oldHeight: number, width: number, height: number): boolean {
  return oldHeight > 0 && height > 0 && Math.abs(oldWidth / oldHeight - width / height) > 0.05;
}
