import { z } from "zod";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { noContent, ok, type Operation } from "./operation";

const tag = "Supporting documents";
const transaction = "/api/supporting-documents/v1/transactions/{transactionUid}";
const document = z.object({ id: z.number().int(), transactionUid: z.string(), documentRefId: z.string(), documentName: z.string(), version: z.number().int(), fileSize: z.number().int() });

/** Files a sender keeps with a package for the record (lib/esign/supporting-documents). */
export const supportingDocumentOperations: Operation[] = [
  { method: "get", path: transaction, tag, summary: "The package's supporting documents, a bare array", permission: PERMISSIONS.transaction, responses: { 200: ok(z.array(document)) } },
  {
    method: "post",
    path: transaction,
    tag,
    summary: "Add supporting documents (multipart, parts named files; each at most MAX_FILE_MB)",
    description: "Only the package's sender or the account owner; all files are added or none. Answers the documents added.",
    permission: PERMISSIONS.transaction,
    responses: { 200: ok(z.array(document)) },
  },
  { method: "get", path: `${transaction}/download`, tag, summary: "Every supporting document in one zip", permission: PERMISSIONS.transaction, responses: { 200: { description: "A zip archive", contentType: "application/zip" } } },
  {
    method: "get",
    path: `${transaction}/documents/{documentId}/download`,
    tag,
    summary: "One supporting document: {documentName, content (base64), mediaType}",
    permission: PERMISSIONS.transaction,
    responses: { 200: ok(z.object({ documentName: z.string(), content: z.string(), mediaType: z.string() })) },
  },
  { method: "put", path: `${transaction}/documents/{documentId}`, tag, summary: 'Rename a supporting document: {"fileName": "…"} (the extension kept when the name has none)', permission: PERMISSIONS.transaction, body: { schema: z.object({ fileName: z.string() }) }, responses: { 200: ok(document) } },
  { method: "delete", path: `${transaction}/documents/{documentId}`, tag, summary: "Delete a supporting document", permission: PERMISSIONS.transaction, responses: { 204: noContent } },
];
