"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import type { WirePackage } from "@/lib/api/packages";
import { uploadDocument } from "@/lib/console/queries/package-builder";
import { packageKeys, refreshPackageQueries } from "@/lib/console/queries/packages";
import { useSaveBeforeSending } from "../unsaved-work";
import { indexForNewDocument } from "./document-order";

export interface Upload {
  key: string;
  fileName: string;
  /** 0 to 1: the bytes sent; at 1 the service is still reading the PDF. */
  progress: number;
  status: "uploading" | "failed";
  /** The service's message when it refused the file. */
  error?: string;
  /** The stored document, once the service has answered: the upload is shown until the package lists it. */
  documentId?: string;
}

/** The file name without ".pdf": the document's first name, which the sender can change. */
export function documentNameOf(fileName: string): string {
  return fileName.replace(/\.pdf$/i, "").trim() || fileName;
}

/**
 * Uploads dropped files, in the order they were dropped, each with its own progress; a finished one leaves the list
 * when the package lists its document, a refused one stays with the service's message.
 *
 * A finished document is not added to the cached package by hand. The service lists documents by
 * index, then in the order it stored them, and uploads sent together are stored in the order they
 * finish, which is not always the order their answers arrive in: appended as each answer arrived,
 * two documents were shown in one order, then swapped places on the refetch half a second later,
 * under the pointer of a sender who had started to drag one (3 of 20 rounds on a busy machine).
 * The refetch shows them where the service keeps them, and they stay there.
 */
export function useDocumentUploads(pkg: WirePackage) {
  const t = useTranslations("console.builder.documents");
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  // The indexes of uploads still in flight (and of their documents, until the package lists them):
  // a second drop before the first is listed must not take the same ones.
  const inFlight = useRef(new Map<string, { index: number; documentId?: string }>());
  // Each upload still in flight, settling with the service's refusal or null.
  const landing = useRef(new Map<string, Promise<Error | null>>());
  // Sending waits for the documents still uploading; one refused meanwhile stops it.
  useSaveBeforeSending(
    useCallback(async () => {
      const refusal = (await Promise.all(landing.current.values())).find((error) => error && error.name !== "AbortError");
      if (refusal) throw new Error(t("uploadRefused", { reason: refusal.message }));
    }, [t]),
  );

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const update = useCallback((key: string, change: Partial<Upload> | null) => {
    setUploads((current) => (change === null ? current.filter((upload) => upload.key !== key) : current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload))));
  }, []);

  const start = useCallback(
    (files: File[], extractTextTags: boolean) => {
      const listed = new Set(pkg.documents.map((document) => document.id));
      for (const [key, { documentId }] of inFlight.current) if (documentId && listed.has(documentId)) inFlight.current.delete(key);
      const known = [...pkg.documents, ...[...inFlight.current].map(([id, { index }]) => ({ id, index }))];
      const added = files.map((file, offset) => ({ file, key: `${Date.now()}-${offset}-${file.name}`, index: indexForNewDocument(known, offset) }));
      for (const { key, index } of added) inFlight.current.set(key, { index });
      setUploads((current) => [...current, ...added.map(({ key, file }) => ({ key, fileName: file.name, progress: 0, status: "uploading" as const }))]);
      // The files of one drop go one after another: documents of one index are listed in the order
      // they were stored, and sent side by side the smaller (or luckier) stored first, so two PDFs
      // dropped together often arrived in reverse order.
      let previous: Promise<unknown> = Promise.resolve();
      for (const { file, key, index } of added) {
        const controller = new AbortController();
        controllers.current.set(key, controller);
        const payload = { name: documentNameOf(file.name), index, ...(extractTextTags ? { extract: true, extractionTypes: ["TEXT_TAGS"] } : {}) };
        const upload = previous.then(() => uploadDocument(pkg.id, file, payload, (progress) => update(key, { progress }), controller.signal));
        previous = upload.catch(() => undefined);
        landing.current.set(key, upload.then(() => null, (error: Error) => error));
        upload
          .then((document) => {
            inFlight.current.set(key, { index, documentId: document.id });
            // A refetch for another upload may have listed it already.
            const cached = queryClient.getQueryData<WirePackage>(packageKeys.one(pkg.id));
            update(key, cached?.documents.some((existing) => existing.id === document.id) ? null : { progress: 1, documentId: document.id });
          })
          .catch((error: Error) => {
            inFlight.current.delete(key);
            if (error.name !== "AbortError") update(key, { status: "failed", error: error.message });
          })
          .finally(() => {
            controllers.current.delete(key);
            landing.current.delete(key);
            void refreshPackageQueries(queryClient);
          });
      }
    },
    [pkg.documents, pkg.id, queryClient, update],
  );

  // A finished upload leaves the list in the render where the package first lists its document.
  const [documentsShown, setDocumentsShown] = useState(pkg.documents);
  if (documentsShown !== pkg.documents) {
    setDocumentsShown(pkg.documents);
    const listed = new Set(pkg.documents.map((document) => document.id));
    if (uploads.some((upload) => upload.documentId && listed.has(upload.documentId))) {
      setUploads(uploads.filter((upload) => !(upload.documentId && listed.has(upload.documentId))));
    }
  }

  const dismiss = useCallback((key: string) => update(key, null), [update]);

  return { uploads, start, dismiss };
}
