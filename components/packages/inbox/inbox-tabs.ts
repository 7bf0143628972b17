/** The inbox's folders: what each lists (the API's `query`); their names and empty states are messages (console.packages `tabs.<id>`, `empty.<id>`). */

import type { FolderStatusAction } from "./bulk-actions";

export const INBOX_TAB_IDS = ["inbox", "drafts", "sent", "completed", "archived", "declined", "trash", "delegated"] as const;
export type InboxTab = (typeof INBOX_TAB_IDS)[number];

export interface InboxTabDefinition {
  id: InboxTab;
  /** `query` of GET /api/packages: a folder, or statuses separated by commas. */
  query: string;
  /** Its empty state offers to start a new package. */
  offerNewPackage: boolean;
  /** The status change its checked rows offer besides the trash. */
  statusAction?: FolderStatusAction;
}

export const INBOX_TABS: readonly InboxTabDefinition[] = [
  { id: "inbox", query: "inbox", offerNewPackage: true },
  { id: "drafts", query: "drafts", offerNewPackage: true },
  { id: "sent", query: "SENT", offerNewPackage: true },
  { id: "completed", query: "COMPLETED", offerNewPackage: false, statusAction: "archive" },
  { id: "archived", query: "ARCHIVED", offerNewPackage: false, statusAction: "unarchive" },
  { id: "declined", query: "DECLINED,OPTED_OUT,EXPIRED", offerNewPackage: false },
  { id: "trash", query: "trashed", offerNewPackage: false },
  { id: "delegated", query: "delegated", offerNewPackage: false },
];
