/** The paths a signer's copy link opens, on this origin (no server imports: pages and components use them). */

/** Where a signer's copy link leads: the page listing the sealed documents to download. */
export function signerCopyPath(token: string): string {
  return `/copy/${encodeURIComponent(token)}`;
}

/** The zip of the sealed documents, through a signer's copy link. */
export function signerCopyZipPath(token: string): string {
  return `/api/signerCopies/${encodeURIComponent(token)}/zip`;
}

/** One sealed document, through a signer's copy link. */
export function signerCopyPdfPath(token: string, documentId: string): string {
  return `/api/signerCopies/${encodeURIComponent(token)}/documents/${encodeURIComponent(documentId)}/pdf`;
}
