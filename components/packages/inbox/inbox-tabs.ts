/** The inbox's folders: what each lists (the API's `query`) and what to say when it is empty. */

import type { FolderStatusAction } from "./bulk-actions";

export const INBOX_TAB_IDS = ["inbox", "drafts", "sent", "completed", "archived", "declined", "trash", "delegated"] as const;
export type InboxTab = (typeof INBOX_TAB_IDS)[number];

export interface InboxTabDefinition {
  id: InboxTab;
  label: string;
  /** `query` of GET /api/packages: a folder, or statuses separated by commas. */
  query: string;
  empty: { title: string; text: string; offerNewPackage: boolean };
  /** The status change its checked rows offer besides the trash. */
  statusAction?: FolderStatusAction;
}

export const INBOX_TABS: readonly InboxTabDefinition[] = [
  {
    id: "inbox",
    label: "Inbox",
    query: "inbox",
    empty: {
      title: "Nothing is waiting for your signature.",
      text: "Packages you are asked to sign appear here. To send one yourself, start a new package.",
      offerNewPackage: true,
    },
  },
  {
    id: "drafts",
    label: "Drafts",
    query: "drafts",
    empty: { title: "No drafts. Start a new package.", text: "A package stays a draft until you send it, saved as you build it.", offerNewPackage: true },
  },
  {
    id: "sent",
    label: "In progress",
    query: "SENT",
    empty: {
      title: "No packages out for signing.",
      text: "Send a draft to its signers and follow each signature here.",
      offerNewPackage: true,
    },
  },
  {
    id: "completed",
    label: "Completed",
    query: "COMPLETED",
    empty: { title: "No completed packages yet.", text: "A package moves here once every signer has signed; its signed documents are then ready to download.", offerNewPackage: false },
    statusAction: "archive",
  },
  {
    id: "archived",
    label: "Archived",
    query: "ARCHIVED",
    empty: {
      title: "No archived packages.",
      text: "Archive a completed package to keep it out of the Completed folder; its documents still download, and Unarchive brings it back.",
      offerNewPackage: false,
    },
    statusAction: "unarchive",
  },
  {
    id: "declined",
    label: "Declined / expired",
    query: "DECLINED,OPTED_OUT,EXPIRED",
    empty: { title: "No declined or expired packages.", text: "Packages a signer declined or opted out of, and those past their due date, appear here.", offerNewPackage: false },
  },
  {
    id: "trash",
    label: "Trash",
    query: "trashed",
    empty: { title: "The trash is empty.", text: "Packages you move to the trash wait here until you restore them or delete them for good.", offerNewPackage: false },
  },
  {
    id: "delegated",
    label: "Delegated to me",
    query: "delegated",
    empty: {
      title: "No one has named you their delegate.",
      text: "When a sender of your account names you a delegate (Account, Delegates), their packages appear here for you to work on; what you do is recorded on their behalf.",
      offerNewPackage: false,
    },
  },
];
