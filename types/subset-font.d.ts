// subset-font ships no types; the one call Signet makes (lib/esign/sealing/stamp-fields.ts).
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: "sfnt" | "truetype" | "woff" | "woff2"; preserveNameIds?: number[] },
  ): Promise<Buffer>;
}
