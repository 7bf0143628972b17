import { and, eq } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { holdsPlainAnswer, roles } from "@/lib/db/schema";
import { encryptSecret } from "@/lib/esign/security/secret-crypto";
import { hashAnswer } from "./signer-auth";

const plainAnswer = holdsPlainAnswer(roles.signer);

/** The roles holding an answer as given: from the index of those alone, not a read of every role at each start. */
export function rolesWithPlainAnswers(q: Queryable) {
  return q.select({ packageId: roles.packageId, id: roles.id }).from(roles).where(plainAnswer);
}

/**
 * Signers' security answers stored before answers were hashed (kept as given, in
 * `signer.auth.challenges[].answer`): each becomes its hash (and, unmasked, its encrypted copy for
 * the owner to read back) and the answer goes, so no answer stays readable in the database and
 * those signers can still pass. Run at start (lib/server-start.ts);
 * idempotent, and instances starting together each rewrite a role at most once (its row is locked
 * and read again). Answers how many roles were rewritten.
 */
export async function hashStoredAnswers(db: Db): Promise<number> {
  const found = await rolesWithPlainAnswers(db);
  let rewritten = 0;
  for (const { packageId, id } of found) {
    await db.transaction(async (tx) => {
      const where = and(eq(roles.packageId, packageId), eq(roles.id, id), plainAnswer);
      const [row] = await tx.select({ signer: roles.signer }).from(roles).where(where).for("update");
      if (!row?.signer) return;
      const signer = row.signer as Record<string, unknown> & { auth: { challenges: Record<string, unknown>[] } };
      const challenges = signer.auth.challenges.map(({ answer, ...challenge }) =>
        typeof answer === "string" && answer.trim() && typeof challenge.answerHash !== "string"
          ? { ...challenge, answerHash: hashAnswer(answer), ...(challenge.maskInput === true ? {} : { answerSealed: encryptSecret(answer.trim()) }) }
          : challenge,
      );
      await tx.update(roles).set({ signer: { ...signer, auth: { ...signer.auth, challenges } } }).where(where);
      rewritten++;
    });
  }
  return rewritten;
}
