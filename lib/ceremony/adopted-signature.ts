import { initialsOf } from "@/lib/esign/signing/initials";
import type { SignatureMark, SignatureStyle } from "./document-filling";

/**
 * How the signer chose to sign, once, for every signature field after it (as DocuSign's "adopt
 * your signature"): their name typed in a signature font (none: the classic leaning style), or
 * an image drawn on the pad or uploaded.
 */
export interface AdoptedSignature {
  name: string;
  /** The signature font's name (signature-fonts.ts). */
  font?: string;
  /** A PNG data URL. */
  image?: string;
  uploaded?: boolean;
}

/**
 * The mark a field gets from the adopted signature, or null when the field needs the signer again:
 * a CAPTURE field asks for a signature drawn by hand, which only a drawn adoption is. Initials are
 * always typed: the initials of the adopted name, in its font (the classic style after an image).
 */
export function markFor(style: SignatureStyle, adopted: AdoptedSignature): SignatureMark | null {
  switch (style) {
    case "CAPTURE":
      return adopted.image && !adopted.uploaded ? { image: adopted.image } : null;
    case "INITIALS":
      return { text: initialsOf(adopted.name), font: adopted.font };
    case "FULLNAME":
      return adopted.image ? { image: adopted.image, uploaded: adopted.uploaded } : { text: adopted.name, font: adopted.font };
  }
}
