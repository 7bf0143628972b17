"use client";

import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from "react";

/**
 * The builder's changes the service has not confirmed yet (a setting typed a moment ago, a field
 * change still queued, a document still uploading). Sending waits for them: a package sent
 * before its last changes land would go out without them, and the service would then refuse
 * them as changes to a sent package.
 */
interface UnsavedWork {
  /** `saveNow` sends what is pending and settles when it is saved; it throws, with the reason, if it could not be. */
  register: (saveNow: () => Promise<void>) => () => void;
  saveAll: () => Promise<void>;
}

const UnsavedWorkContext = createContext<UnsavedWork | null>(null);

export function UnsavedWorkProvider({ children }: { children: ReactNode }) {
  const savers = useRef(new Set<() => Promise<void>>());
  const work = useMemo<UnsavedWork>(
    () => ({
      register: (saveNow) => {
        savers.current.add(saveNow);
        return () => savers.current.delete(saveNow);
      },
      saveAll: async () => {
        await Promise.all([...savers.current].map((saveNow) => saveNow()));
      },
    }),
    [],
  );
  return <UnsavedWorkContext.Provider value={work}>{children}</UnsavedWorkContext.Provider>;
}

/** A builder section's way to save what it holds before the package is sent. */
export function useSaveBeforeSending(saveNow: () => Promise<void>): void {
  const work = useContext(UnsavedWorkContext);
  const latest = useRef(saveNow);
  useEffect(() => {
    latest.current = saveNow;
  }, [saveNow]);
  useEffect(() => work?.register(() => latest.current()), [work]);
}

/** Saves everything the builder's sections still hold; rejects with the first reason one could not be saved. */
export function useSaveAllUnsavedWork(): () => Promise<void> {
  const work = useContext(UnsavedWorkContext);
  return work ? work.saveAll : () => Promise.resolve();
}
