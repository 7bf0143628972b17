import type { Queryable } from "@/lib/db/client";
import { readSettingsDocument } from "@/lib/esign/account-settings/settings-documents";
import { offeredSignatureFonts } from "./signature-fonts";

/** The fonts the account's signers may type their signature in: its chooseSignature's fontsPerWritingSystem.latin, else the original's 13. */
export async function accountSignatureFonts(db: Queryable, accountId: string): Promise<string[]> {
  const { signature } = (await readSettingsDocument(db, accountId, "chooseSignature")) as { signature?: { fontsPerWritingSystem?: Record<string, string[]> } };
  return offeredSignatureFonts(signature?.fontsPerWritingSystem);
}
