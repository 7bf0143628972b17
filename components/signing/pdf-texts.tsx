"use client";

import { createContext, useContext, type ReactNode } from "react";
import { useTranslations } from "use-intl";

/** What the PDF viewer says, in the language of the page around it (the ceremony's, or the builder's in the console). */
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

/** The viewer's texts in the ceremony's language (`pdf`), or in the console's (`console.builder.pdf`). */
export function CeremonyPdfTexts({ children }: { children: ReactNode }) {
  return <TranslatedPdfTexts namespace="pdf">{children}</TranslatedPdfTexts>;
}

export function ConsolePdfTexts({ children }: { children: ReactNode }) {
  return <TranslatedPdfTexts namespace="console.builder.pdf">{children}</TranslatedPdfTexts>;
}

function TranslatedPdfTexts({ namespace, children }: { namespace: string; children: ReactNode }) {
  const t = useTranslations(namespace);
  const texts: PdfTexts = {
    loading: t("loading"),
    loadError: (documentName) => t("loadError", { documentName }),
    page: (documentName, page, total) => t("page", { documentName, page, total }),
  };
  return <PdfTextsContext value={texts}>{children}</PdfTextsContext>;
}
