import localFont from "next/font/local";
import type { SignatureFontId } from "@/lib/esign/signing/signature-fonts";

// The same files the seal embeds, so the signature looks on screen as it will on the sealed page.
const kristi = localFont({ src: "../../lib/esign/sealing/fonts/Kristi.ttf", display: "swap" });
const breip = localFont({ src: "../../lib/esign/sealing/fonts/Breip.ttf", display: "swap" });

const CLASSES: Record<SignatureFontId, string> = { kristi: kristi.className, breip: breip.className };

/** The class that shows text in the signature font; without one, the leaning "classic" style. */
export function signatureFontClass(font: SignatureFontId | undefined): string {
  return font ? CLASSES[font] : "font-sans italic";
}
