import type { PlacedApprovalInput } from "@/lib/api/packages";
import type { NamedRole } from "@/lib/esign/documents/named-roles";
import { pagesOfText, textRect, type PageRange } from "@/lib/esign/pdf/page-text";
import { approvalsFromTextTags, invalidTag, type TagOnPage, type TagWhere } from "./approvals-from-text-tags";
import { findTextTags } from "./parse-text-tag";

/**
 * Turns the text tags of a PDF into approvals and fields (compat-notes.md, "Text tags"). Fields
 * get no ids (the caller assigns them) and `extract: false`; pages are 0-based. A tag's role is
 * found by `roleNamed`: a name the package has no role for names a new one.
 */
export async function extractTextTags(pdf: Uint8Array, packageRoles: NamedRole[], documentName: string): Promise<PlacedApprovalInput[]> {
  return approvalsFromTextTags(await textTagsOf(pdf, documentName), packageRoles, documentName);
}

/** Pages below which a document's text is read by one worker: each range pays for opening the document again. */
const LEAST_PAGES_PER_RANGE = 20;

/** Consecutive page ranges, one per worker that pays, covering a document of `pageCount` pages. */
export function textTagRanges(pageCount: number, workers: number): PageRange[] {
  const parts = Math.max(1, Math.min(workers, Math.floor(pageCount / LEAST_PAGES_PER_RANGE)));
  return Array.from({ length: parts }, (_, part) => ({ from: Math.floor((part * pageCount) / parts), to: Math.floor(((part + 1) * pageCount) / parts) }));
}

/**
 * Where every text tag of a PDF (of the pages of `range`, when given) is written: what fields are
 * placed by, and what the seal covers (the tag syntax is never meant to be seen in the sealed
 * copy). A tag left open is refused.
 */
export async function textTagsOf(pdf: Uint8Array, documentName: string, range?: PageRange): Promise<TagOnPage[]> {
  const found: TagOnPage[] = [];
  for await (const { pageIndex, geometry, lines } of pagesOfText(pdf, documentName, "cannot be read to find its text tags", range)) {
    const where = { pageNumber: pageIndex + 1, documentName };
    for (const line of lines) {
      for (const location of locateTags(line.text, where)) {
        found.push({ text: location.text, page: pageIndex, geometry, box: textRect(line, location.start, location.end, geometry) });
      }
    }
  }
  return found;
}

function locateTags(lineText: string, where: TagWhere) {
  try {
    return findTextTags(lineText);
  } catch (error) {
    throw invalidTag(error, where);
  }
}
