"use client";

import { createContext, useContext, type ReactNode } from "react";
import { useTranslations } from "use-intl";

/** What the PDF viewer says; English unless a page gives its own (the console's builder uses the viewer too, untranslated). */
export interface PdfTexts {
  loading: string;
  loadError: (documentName: string) => string;
  page: (documentName: string, page: number, total: number) => string;
}

const ENGLISH: PdfTexts = {
  loading: "Loading the document…",
  loadError: (documentName) => `“${documentName}” could not be loaded. Reload the page to try again.`,
  page: (documentName, page, total) => `${documentName}, page ${page} of ${total}`,
};

const PdfTextsContext = createContext<PdfTexts>(ENGLISH);

export function usePdfTexts(): PdfTexts {
  return useContext(PdfTextsContext);
}

/** The viewer's texts in the ceremony's language. */
export function CeremonyPdfTexts({ children }: { children: ReactNode }) {
  const t = useTranslations("pdf");
  const texts: PdfTexts = {
    loading: t("loading"),
    loadError: (documentName) => t("loadError", { documentName }),
    page: (documentName, page, total) => t("page", { documentName, page, total }),
  };
  return <PdfTextsContext value={texts}>{children}</PdfTextsContext>;
}
