/**
 * Opening a 200-page document in the signing ceremony, in Chromium against the built server
 * (`next start`, fresh DATA_DIR): from following the signer's link to the first page painted
 * (react-pdf's render of page 1 done). Three cases: 200 pages of text (about 180 KB), 200
 * scanned pages (an image each, about 14 MB), and the scan again over an emulated broadband link
 * (where the whole file would cost seconds). The first opening (cold caches) is reported apart;
 * the median is of the openings after it, each in a new browser context (no cookies, no HTTP
 * cache). Target: under 2 s whatever the document's size (pdf.js reads the file by byte ranges
 * and only the pages near the view are drawn). Also reported: the document's bytes that reached
 * the browser before the first page showed, against the file's size. Builds the app first when
 * there is no build. Run alone: `npx tsx bench/ceremony.ts`.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { chromiumArgs, chromiumPath } from "@/e2e/support/chromium";
import { freePort, startServer, stopServer, waitUntilAnswering } from "@/e2e/support/servers";
import { ServiceClient } from "@/e2e/support/service-client";
import { pngOf } from "@/tests/support/images";
import { makePdf } from "@/tests/support/pdfs";
import { ensureBuilt } from "./console";
import { median } from "./stats";

const PAGES = 200;
const RUNS = 6;

/** 200 pages of text (31 lines each): about 180 KB. */
async function textPdf(): Promise<Buffer> {
  const texts = Array.from({ length: PAGES }, (_, page) => [
    { page, text: `Master services agreement, page ${page + 1} of ${PAGES}`, x: 72, y: 740, size: 14 },
    ...Array.from({ length: 30 }, (_, line) => ({ page, text: `${line + 1}. The parties agree to the terms set out in this clause and in the schedules attached.`, x: 72, y: 700 - line * 20, size: 10 })),
  ]).flat();
  return makePdf({ pages: PAGES, texts });
}

/** 200 pages like a scan: each its own incompressible image (noise, 150 × 150 RGB) over the page, about 14 MB in all. */
async function scannedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < PAGES; index++) {
    const page = pdf.addPage([612, 792]);
    const noise = randomBytes(150 * 150 * 3);
    const image = await pdf.embedPng(pngOf(150, 150, (x, y) => [noise[(y * 150 + x) * 3]!, noise[(y * 150 + x) * 3 + 1]!, noise[(y * 150 + x) * 3 + 2]!, 255]));
    page.drawImage(image, { x: 36, y: 36, width: 540, height: 680 });
    page.drawText(`Scanned agreement, page ${index + 1} of ${PAGES}`, { x: 72, y: 740, size: 14, font });
  }
  return Buffer.from(await pdf.save());
}

async function twoHundredPagePackage(service: ServiceClient, pdf: Buffer): Promise<{ packageId: string; fileBytes: number }> {
  const packageId = await service.createPackage(
    {
      name: "Two hundred pages",
      type: "PACKAGE",
      status: "DRAFT",
      roles: [{ id: "Reader", index: 1, type: "SIGNER", signers: [{ email: "reader@example.test", firstName: "Rae", lastName: "Reader" }] }],
      documents: [
        {
          id: "long",
          name: "Long agreement",
          approvals: [{ role: "Reader", fields: [{ type: "SIGNATURE", subtype: "FULLNAME", page: PAGES - 1, top: 700, left: 72, width: 200, height: 50 }] }],
        },
      ],
    },
    [pdf],
  );
  await service.send(packageId);
  return { packageId, fileBytes: pdf.byteLength };
}

/** A signer's broadband as Chromium emulates it: 50 Mbit/s down, 10 up, 40 ms round trips. */
const BROADBAND = { offline: false, latency: 40, downloadThroughput: (50e6 / 8) | 0, uploadThroughput: (10e6 / 8) | 0 };

export interface CeremonyOpening {
  document: string;
  coldMs: number;
  medianMs: number;
  maxMs: number;
  runs: number;
  fileBytes: number;
  /** Requests for the document's PDF before the first page showed, and the bytes of it that reached the browser (last opening). */
  pdfRequests: number;
  pdfBytesRead: number;
}

/** Opens each document's ceremony once with the consent (cold), then RUNS times, each in a new browser context. */
export async function ceremonyOpenBenchmark(): Promise<CeremonyOpening[]> {
  ensureBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-bench-ceremony-"));
  const server = startServer(dataDir, await freePort());
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    await waitUntilAnswering(server);
    const service = await ServiceClient.signUp(server.url, "Bench ceremony");
    const openings: CeremonyOpening[] = [];
    const text = await textPdf();
    const scan = await scannedPdf();
    for (const [document, pdf, conditions] of [
      ["200 pages of text", text, null],
      ["200 scanned pages", scan, null],
      ["200 scanned pages, 50 Mbit/s and 40 ms round trips", scan, BROADBAND],
    ] as const) {
      const { packageId, fileBytes } = await twoHundredPagePackage(service, pdf);
      const link = await service.signingUrl(packageId, "Reader");
      let pdfRequests = 0;
      let pdfBytesRead = 0;
      const open = async (acceptConsent: boolean) => {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        // The document's bytes that reached the browser (the protocol's count: a read cancelled early counts what arrived).
        const network = await context.newCDPSession(page);
        await network.send("Network.enable");
        if (conditions) await network.send("Network.emulateNetworkConditions", conditions);
        const documentRequests = new Set<string>();
        let received = 0;
        network.on("Network.requestWillBeSent", (event) => {
          if (event.request.url.endsWith("/documents/long/pdf")) documentRequests.add(event.requestId);
        });
        network.on("Network.dataReceived", (event) => {
          if (documentRequests.has(event.requestId)) received += event.dataLength;
        });
        const started = performance.now();
        await page.goto(link);
        if (acceptConsent) await page.getByRole("button", { name: "I accept" }).click({ timeout: 30_000 });
        // The document's first page: not the consent's, which is painted too before "I accept".
        await page.getByRole("region", { name: "Long agreement", exact: true }).locator("[data-page-index='0'][data-painted='true']").waitFor({ timeout: 60_000 });
        const elapsed = performance.now() - started;
        pdfRequests = documentRequests.size;
        pdfBytesRead = received;
        await context.close();
        return elapsed;
      };
      const coldMs = await open(true); // accepts the consent once; later openings go straight to the document
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) samples.push(await open(false));
      openings.push({ document, coldMs, medianMs: median(samples), maxMs: Math.max(...samples), runs: samples.length, fileBytes, pdfRequests, pdfBytesRead });
    }
    return openings;
  } finally {
    await browser.close();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("ceremony.ts")) {
  void ceremonyOpenBenchmark().then((result) => console.log(result));
}
