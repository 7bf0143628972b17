"use client";

import { useEffect, useRef, useState } from "react";
import SignaturePad from "signature_pad";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

/**
 * Draw a signature with a mouse, a finger or a pen (signature_pad, on pointer events), shaped like
 * the field it goes into; answers a PNG data URL.
 */
export function SignaturePadDialog({ open, aspectRatio, onAdopt, onClose }: { open: boolean; aspectRatio: number; onAdopt: (png: string) => void; onClose: () => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
  const ratio = Math.min(Math.max(aspectRatio, 2), 5);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!open || !canvas) return;
    // Drawn at the screen's pixel density, so the signature stays sharp on the sealed page.
    const density = Math.max(window.devicePixelRatio || 1, 2);
    canvas.width = canvas.offsetWidth * density;
    canvas.height = canvas.offsetHeight * density;
    canvas.getContext("2d")!.scale(density, density);
    const pad = new SignaturePad(canvas, { minWidth: 0.8, maxWidth: 2.6, penColor: "#0b1f4d" });
    pad.addEventListener("endStroke", () => setEmpty(pad.isEmpty()));
    padRef.current = pad;
    setEmpty(true);
    return () => {
      pad.off();
      padRef.current = null;
    };
  }, [open]);

  function clear() {
    padRef.current?.clear();
    setEmpty(true);
  }

  return (
    <Dialog open={open} onClose={onClose} title="Draw your signature" wide>
      <p className="text-sm text-slate-600">Sign in the box with your mouse, finger or pen.</p>
      <div className="relative mt-3 rounded-md border-2 border-dashed border-slate-300 bg-white">
        <canvas
          ref={canvasRef}
          aria-label="Signature drawing area"
          data-testid="signature-pad"
          className="block w-full cursor-crosshair touch-none"
          style={{ aspectRatio: String(ratio) }}
        />
        <div aria-hidden className="pointer-events-none absolute inset-x-6 bottom-[22%] border-b border-slate-300" />
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={clear} disabled={empty}>
          Clear
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={empty} onClick={() => padRef.current && onAdopt(padRef.current.toDataURL("image/png"))}>
          Adopt signature
        </Button>
      </div>
    </Dialog>
  );
}
