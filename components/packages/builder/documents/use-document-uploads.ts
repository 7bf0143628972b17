"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { WirePackage } from "@/lib/api/packages";
import { uploadDocument } from "@/lib/console/queries/package-builder";
import { packageKeys } from "@/lib/console/queries/packages";
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
}

/** The file name without ".pdf": the document's first name, which the sender can change. */
export function documentNameOf(fileName: string): string {
  return fileName.replace(/\.pdf$/i, "").trim() || fileName;
}

/**
 * Uploads dropped files, all at once, each with its own progress; a finished one leaves the list
 * (the document appears in the package), a refused one stays with the service's message.
 */
export function useDocumentUploads(pkg: WirePackage) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  // The indexes of uploads still in flight: a second drop before the first lands must not take the same ones.
  const inFlight = useRef(new Map<string, number>());
  // Each upload still in flight, settling with the service's refusal or null.
  const landing = useRef(new Map<string, Promise<Error | null>>());
  // Sending waits for the documents still uploading; one refused meanwhile stops it.
  useSaveBeforeSending(
    useCallback(async () => {
      const refusal = (await Promise.all(landing.current.values())).find((error) => error && error.name !== "AbortError");
      if (refusal) throw new Error(`A document could not be uploaded: ${refusal.message}`);
    }, []),
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
      const known = [...pkg.documents, ...[...inFlight.current].map(([id, index]) => ({ id, index }))];
      const added = files.map((file, offset) => ({ file, key: `${Date.now()}-${offset}-${file.name}`, index: indexForNewDocument(known, offset) }));
      for (const { key, index } of added) inFlight.current.set(key, index);
      setUploads((current) => [...current, ...added.map(({ key, file }) => ({ key, fileName: file.name, progress: 0, status: "uploading" as const }))]);
      for (const { file, key, index } of added) {
        const controller = new AbortController();
        controllers.current.set(key, controller);
        const payload = { name: documentNameOf(file.name), index, ...(extractTextTags ? { extract: true, extractionTypes: ["TEXT_TAGS"] } : {}) };
        const upload = uploadDocument(pkg.id, file, payload, (progress) => update(key, { progress }), controller.signal);
        landing.current.set(key, upload.then(() => null, (error: Error) => error));
        upload
          .then((document) => {
            // Shown at once, before the refetch confirms it.
            queryClient.setQueryData<WirePackage>(packageKeys.one(pkg.id), (current) =>
              current && !current.documents.some((existing) => existing.id === document.id) ? { ...current, documents: [...current.documents, document] } : current,
            );
            update(key, null);
          })
          .catch((error: Error) => {
            if (error.name !== "AbortError") update(key, { status: "failed", error: error.message });
          })
          .finally(() => {
            controllers.current.delete(key);
            inFlight.current.delete(key);
            landing.current.delete(key);
            void queryClient.invalidateQueries({ queryKey: packageKeys.all });
          });
      }
    },
    [pkg.documents, pkg.id, queryClient, update],
  );

  const dismiss = useCallback((key: string) => update(key, null), [update]);

  return { uploads, start, dismiss };
}
