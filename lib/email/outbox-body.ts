import type { EmailKind } from "@/lib/esign/outbox/email-kinds";

/** Kinds whose text holds nothing that lets its reader in: shown in the outbox as sent. */
const WITHOUT_SECRETS: ReadonlySet<string> = new Set<EmailKind>(["SIGNER_LOCKED", "PACKAGE_COMPLETED", "DECLINED", "EXPIRED", "CALLBACK_FAILING", "SIGNING_CANCELLED", "FAST_TRACK_LIMITED", "SIGN_UP_ATTEMPTED"]);

const LINK = /https?:\/\/\S+/g;
/** A code block as render.ts writes it in the text: indented, alone on its line. */
const CODE_LINE = /^ {4}\S+$/gm;

/**
 * An e-mail's text as the account's outbox shows it. Signing, activation and password-reset links
 * and one-time codes belong to their recipient alone (whoever reads the outbox could otherwise sign
 * or reset a password in their place), so in every other kind, new ones included, links and codes
 * are replaced by a note.
 */
export function outboxBody(kind: string, text: string): string {
  if (WITHOUT_SECRETS.has(kind)) return text;
  return text.replace(LINK, "[link for the recipient only]").replace(CODE_LINE, "    [code for the recipient only]");
}
