"use client";

import { useCallback, useState } from "react";
import { useTranslations } from "use-intl";
import type SignaturePad from "signature_pad";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { AdoptedSignature } from "@/lib/ceremony/adopted-signature";
import { clearPaper, inkBox, paperLuminance } from "@/lib/ceremony/signature-picture";
import { initialsOf } from "@/lib/esign/signing/initials";
import { signatureFontClass } from "./signature-font-classes";
import { SignatureDrawingPad } from "./signature-pad";

type Way = "type" | "draw" | "upload";

/** A signature font's name, or "classic": the seal's own font, leaning (no signature font). */
type FontChoice = string;

/** The largest uploaded image kept, in pixels: ample for a field, and well under the service's 512 KB. */
const UPLOAD_MAX = { width: 900, height: 300 };
const UPLOAD_MAX_BYTES = 500 * 1024;

/**
 * "Adopt your signature": the signer types their name in a font of their choice (`fonts`, the
 * account's, each shown in its own face), draws it, or uploads a picture of it. `drawOnly` (a field where the sender asks for a hand-drawn signature)
 * offers the pad alone.
 */
export function AdoptSignatureDialog({
  open,
  drawOnly,
  signerName,
  fonts,
  aspectRatio,
  onAdopt,
  onClose,
}: {
  open: boolean;
  drawOnly: boolean;
  signerName: string;
  fonts: readonly string[];
  aspectRatio: number;
  onAdopt: (adopted: AdoptedSignature) => void;
  onClose: () => void;
}) {
  const t = useTranslations("adopt");
  const tCommon = useTranslations("common");
  const ways: Way[] = drawOnly ? ["draw"] : ["type", "draw", "upload"];
  const [chosenWay, setWay] = useState<Way>("type");
  const way = ways.includes(chosenWay) ? chosenWay : ways[0]!;
  const [name, setName] = useState(signerName);
  const [chosenFont, setFont] = useState<FontChoice>(fonts[0] ?? "classic");
  const font = chosenFont === "classic" || fonts.includes(chosenFont) ? chosenFont : (fonts[0] ?? "classic");
  const [pad, setPad] = useState<SignaturePad | null>(null);
  const [padEmpty, setPadEmpty] = useState(true);
  const [upload, setUpload] = useState<{ image: string; problem?: undefined } | { image?: undefined; problem: UploadProblem } | null>(null);
  const onPad = useCallback((instance: SignaturePad | null) => setPad(instance), []);

  const typedName = name.trim();
  const fontChoices: FontChoice[] = [...fonts, "classic"];
  const ready = way === "type" ? typedName.length > 0 : way === "draw" ? !padEmpty : Boolean(upload?.image);

  function adopt() {
    if (way === "type") onAdopt({ name: typedName, font: font === "classic" ? undefined : font });
    else if (way === "draw" && pad) void drawnInk(pad.toDataURL("image/png")).then((image) => onAdopt({ name: signerName, image }));
    else if (way === "upload" && upload?.image) onAdopt({ name: signerName, image: upload.image, uploaded: true });
  }

  return (
    <Dialog open={open} onClose={onClose} title={drawOnly ? t("drawTitle") : t("title")} wide sheetOnPhone fullScreenOnPhone={drawOnly}>
      {ways.length > 1 ? (
        <div role="tablist" aria-label={t("how")} className="mb-3 flex gap-1 rounded-md bg-slate-100 p-1">
          {ways.map((candidate) => (
            <button
              key={candidate}
              type="button"
              role="tab"
              aria-selected={way === candidate}
              onClick={() => setWay(candidate)}
              className={`flex-1 rounded px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-600 ${way === candidate ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
            >
              {t(candidate)}
            </button>
          ))}
        </div>
      ) : null}

      {way === "type" ? (
        <div role="tabpanel" aria-label={t("type")}>
          <label className="block text-sm font-medium text-slate-800">
            {t("fullName")}
            <input value={name} maxLength={256} onChange={(event) => setName(event.target.value)} className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
          </label>
          <fieldset className="mt-3">
            <legend className="text-sm font-medium text-slate-800">{t("style")}</legend>
            <div className="mt-1 grid max-h-[45vh] gap-2 overflow-y-auto p-0.5">
              {fontChoices.map((choice) => (
                <label key={choice} className={`flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 ${font === choice ? "border-sky-600 bg-sky-50" : "border-slate-200"}`}>
                  <input type="radio" name="signature-font" value={choice} checked={font === choice} onChange={() => setFont(choice)} className="accent-sky-700" />
                  <span className="sr-only">{choice === "classic" ? t("classic") : choice}</span>
                  <span aria-hidden className={`min-w-0 flex-1 truncate text-3xl text-sky-950 ${signatureFontClass(choice === "classic" ? undefined : choice)}`}>
                    {typedName || signerName}
                  </span>
                  <span aria-hidden className={`text-xl text-sky-950 ${signatureFontClass(choice === "classic" ? undefined : choice)}`}>
                    {initialsOf(typedName || signerName)}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      ) : way === "draw" ? (
        <div role="tabpanel" aria-label={t("draw")}>
          <p className="mb-2 text-sm text-slate-600">{t("drawHint")}</p>
          {/* Drawing required: on a phone the whole screen is the dialog and the pad its width, edge to edge, half its height. */}
          <div className={drawOnly ? "max-sm:-mx-3" : undefined}>
            <SignatureDrawingPad aspectRatio={aspectRatio} tallOnPhone={drawOnly} onPad={onPad} onChange={setPadEmpty} />
          </div>
          <div className="mt-2 flex justify-end">
            <Button
              variant="ghost"
              disabled={padEmpty}
              onClick={() => {
                pad?.clear();
                setPadEmpty(true);
              }}
            >
              {t("clear")}
            </Button>
          </div>
        </div>
      ) : (
        <div role="tabpanel" aria-label={t("upload")}>
          <label className="block text-sm font-medium text-slate-800">
            {t("picture")}
            <input
              type="file"
              accept="image/png,image/jpeg"
              className="mt-1 block w-full text-sm"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void signatureImageFrom(file).then(setUpload);
              }}
            />
          </label>
          {upload?.problem ? (
            <p role="alert" className="mt-2 text-sm text-rose-700">
              {t(`problem.${upload.problem}`)}
            </p>
          ) : null}
          {upload?.image ? (
            <div className="mt-3 flex justify-center rounded-md border border-slate-200 bg-white p-2">
              {/* eslint-disable-next-line @next/next/no-img-element -- a data URL of the picture chosen a moment ago */}
              <img src={upload.image} alt={t("uploaded")} className="max-h-32 max-w-full object-contain" />
            </div>
          ) : null}
        </div>
      )}

      <p className="mt-4 text-xs text-slate-600">{t("agreement")}</p>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {tCommon("cancel")}
        </Button>
        <Button disabled={!ready} onClick={adopt}>
          {t("adopt")}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * What was drawn, cut to its ink: the seal fits an image to its field, so the pad's empty margins
 * (wide on a phone's tall pad) would otherwise shrink the signature.
 */
async function drawnInk(drawn: string): Promise<string> {
  const picture = new Image();
  picture.src = drawn;
  await picture.decode();
  const canvas = document.createElement("canvas");
  canvas.width = picture.naturalWidth;
  canvas.height = picture.naturalHeight;
  const context = canvas.getContext("2d", { willReadFrequently: true })!;
  context.drawImage(picture, 0, 0);
  const box = inkBox(context.getImageData(0, 0, canvas.width, canvas.height));
  if (!box) return drawn;
  const cut = document.createElement("canvas");
  cut.width = box.width;
  cut.height = box.height;
  cut.getContext("2d")!.drawImage(canvas, box.left, box.top, box.width, box.height, 0, 0, box.width, box.height);
  return cut.toDataURL("image/png");
}

/** What is wrong with an uploaded picture: its message is adopt.problem.<code>. */
type UploadProblem = "type" | "size" | "unreadable" | "tooLarge";

/**
 * The picture as a PNG data URL at most UPLOAD_MAX in size, or what is wrong with it: cut to its
 * ink and its paper made transparent (lib/ceremony/signature-picture.ts), so the seal fits the
 * signature to the field as it fits a drawn one. A picture without ink the eye can find is kept whole.
 */
async function signatureImageFrom(file: File): Promise<{ image: string } | { problem: UploadProblem }> {
  if (!["image/png", "image/jpeg"].includes(file.type)) return { problem: "type" };
  if (file.size > 10 * 1024 * 1024) return { problem: "size" };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { problem: "unreadable" };
  }
  // The ink is looked for at no more than 2000 pixels a side: ample for a signature, quick on a phone.
  const readScale = Math.min(1, 2000 / Math.max(bitmap.width, bitmap.height));
  const whole = document.createElement("canvas");
  whole.width = Math.max(1, Math.round(bitmap.width * readScale));
  whole.height = Math.max(1, Math.round(bitmap.height * readScale));
  const wholeContext = whole.getContext("2d", { willReadFrequently: true })!;
  wholeContext.drawImage(bitmap, 0, 0, whole.width, whole.height);
  bitmap.close();
  const pixels = wholeContext.getImageData(0, 0, whole.width, whole.height);
  const paper = paperLuminance(pixels);
  const box = inkBox(pixels, paper) ?? { left: 0, top: 0, width: whole.width, height: whole.height };
  clearPaper(pixels, paper);
  wholeContext.putImageData(pixels, 0, 0);

  let scale = Math.min(1, UPLOAD_MAX.width / box.width, UPLOAD_MAX.height / box.height);
  const canvas = document.createElement("canvas");
  let image = "";
  // A photograph compresses badly as PNG: smaller until it is within the service's limit.
  for (let tries = 0; tries < 6; tries++, scale *= 0.7) {
    canvas.width = Math.max(1, Math.round(box.width * scale));
    canvas.height = Math.max(1, Math.round(box.height * scale));
    const context = canvas.getContext("2d")!;
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.drawImage(whole, box.left, box.top, box.width, box.height, 0, 0, canvas.width, canvas.height);
    image = canvas.toDataURL("image/png");
    if (image.length * 0.75 < UPLOAD_MAX_BYTES) break;
  }
  return image.length * 0.75 < UPLOAD_MAX_BYTES ? { image } : { problem: "tooLarge" };
}
