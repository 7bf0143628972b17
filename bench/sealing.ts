/**
 * Sealing one completed document, in this process: a 50-page PDF of about 1 MB with 20 fields
 * (typed and drawn signatures, initials, dates, text, check boxes, lists, some on rotated pages)
 * stamped and signed with a PAdES signature by a generated 3072-bit RSA certificate. The
 * certificate is made once before measuring, as the server makes it once. Target: under 1.5 s.
 *
 * Run alone: `npx tsx bench/sealing.ts`.
 */
import { degrees, PDFDocument } from "pdf-lib";
import { sealDocument } from "@/lib/esign/sealing/seal-document";
import { createSelfSignedPkcs12, readPkcs12 } from "@/lib/esign/sealing/service-certificate";
import type { FieldStamp, StampValue } from "@/lib/esign/sealing/stamp-fields";
import { scribblePng } from "@/tests/support/images";
import { makePdf } from "@/tests/support/pdfs";
import { qpdfCopyMs } from "./anchors";
import { median } from "./stats";

const PAGES = 50;
const FIELDS = 20;
const WARM_UP_RUNS = 2;
const RUNS = 10;

export async function sealingBenchmark(): Promise<{ medianMs: number; maxMs: number; runs: number; qpdfCopyMs: number }> {
  const p12 = await createSelfSignedPkcs12({ commonName: "Signet document seal (bench)", passphrase: "bench", validFrom: new Date() });
  const certificate = readPkcs12(p12, "bench", { source: "the benchmark certificate", passphraseName: "its passphrase" });
  const pdf = await fiftyPageDocument();
  const fields = twentyFields();
  const seal = () =>
    sealDocument({ pdf, fields, certificate, reason: "Sealed on completion of package Bench", location: "bench.example.com" });

  for (let i = 0; i < WARM_UP_RUNS; i++) await seal();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await seal();
    samples.push(performance.now() - started);
  }
  return { medianMs: median(samples), maxMs: Math.max(...samples), runs: samples.length, qpdfCopyMs: qpdfCopyMs(Buffer.from(pdf)) };
}

/** Text on every page, every fifth page turned landscape by /Rotate, and 1 MB of image-like data. */
async function fiftyPageDocument(): Promise<Uint8Array> {
  const texts = Array.from({ length: PAGES }, (_, page) => [
    { page, text: `Master services agreement, page ${page + 1} of ${PAGES}`, x: 72, y: 740, size: 14 },
    { page, text: "The parties agree to the terms set out on this page and the pages that follow.", x: 72, y: 700, size: 10 },
  ]).flat();
  const loaded = await PDFDocument.load(await makePdf({ pages: PAGES, texts, padToBytes: 1_000_000 }));
  loaded.getPages().forEach((page, index) => {
    if (index % 5 === 4) page.setRotation(degrees(90));
  });
  return loaded.save();
}

function twentyFields(): FieldStamp[] {
  const signature = scribblePng();
  const values: StampValue[] = [
    { kind: "signatureImage", image: signature },
    { kind: "signatureText", text: "Zoë Łukasz Straße" },
    { kind: "initials", text: "ZŁS" },
    { kind: "date", text: "2026-11-22" },
    { kind: "text", text: "Tenant may keep one cat. Keys are returned on the last day of the lease, before noon." },
    { kind: "checkbox", checked: true },
    { kind: "radio", selected: true },
    { kind: "list", text: "Premium plan" },
  ];
  return Array.from({ length: FIELDS }, (_, index) => {
    const page = Math.floor((index * PAGES) / FIELDS);
    // Landscape pages are displayed 792 × 612: these boxes fit both orientations.
    return { page, left: 72 + (index % 3) * 150, top: 200 + (index % 4) * 70, width: 140, height: 50, value: values[index % values.length] };
  });
}

if (process.argv[1]?.endsWith("sealing.ts")) {
  void sealingBenchmark().then((result) => console.log(result));
}
