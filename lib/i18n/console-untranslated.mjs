/**
 * Files of the console still written in English inline, left out of the no-inline-text lint rule
 * (eslint.config.mjs) until they are translated: each part of the console leaves this list as its
 * words move to messages/console/<part>/. The list only shrinks.
 */
export const CONSOLE_FILES_NOT_YET_TRANSLATED = [
  // Sign-in, sign-up and password pages; the shell; shared UI; templates; the home page; fast track; the ceremony’s leftovers
  // Packages: the inbox and a package’s page
  "components/packages/detail/attachments-section.tsx",
  "components/packages/detail/cancel-signing-dialog.tsx",
  "components/packages/detail/downloads-section.tsx",
  "components/packages/detail/history-section.tsx",
  "components/packages/detail/package-header.tsx",
  "components/packages/detail/package-page.tsx",
  "components/packages/detail/reminders-section.tsx",
  "components/packages/detail/signers-section.tsx",
  "components/packages/detail/status-actions.tsx",
  "components/packages/detail/virtual-room-section.tsx",
  "components/packages/inbox/bulk-actions.tsx",
  "components/packages/inbox/list-pager.tsx",
  "components/packages/inbox/list-sort.tsx",
  "components/packages/inbox/package-cards.tsx",
  "components/packages/inbox/package-inbox.tsx",
  "components/packages/inbox/paged-list.tsx",
  "components/packages/inbox/signer-progress.tsx",
];
