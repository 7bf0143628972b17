import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { declareContentLength } from "@/lib/http/content-length";

/**
 * pdf.js's font data (the standard 14 fonts a PDF may use without embedding them) and character
 * maps, served from the installed pdfjs-dist so they always match the viewer's version.
 */
const FOLDERS = new Set(["standard_fonts", "cmaps"]);
const SAFE_NAME = /^[A-Za-z0-9._-]+$/;

export async function GET(request: Request, { params }: { params: Promise<{ folder: string; name: string }> }): Promise<Response> {
  const { folder, name } = await params;
  if (!FOLDERS.has(folder) || !SAFE_NAME.test(name) || name.startsWith(".")) return new Response("Not found", { status: 404 });
  const file = path.join(process.cwd(), "node_modules", "pdfjs-dist", folder, name);
  const size = await stat(file).then((info) => (info.isFile() ? info.size : null)).catch(() => null);
  if (size === null) return new Response("Not found", { status: 404 });
  const headers = new Headers({ "content-type": "application/octet-stream", "content-length": String(size), "cache-control": "public, max-age=86400" });
  declareContentLength(headers);
  // Next.js answers HEAD with GET's answer, unsent: a stream opened for it would hold the file until garbage collection.
  if (request.method === "HEAD") return new Response(null, { headers });
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, { headers });
}
