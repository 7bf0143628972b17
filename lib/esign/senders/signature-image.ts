import { eq } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { senderSignatureImages } from "@/lib/db/schema";
import type { Caller } from "@/lib/esign/accounts/caller";
import { assertMayAdminister } from "@/lib/esign/accounts/privileges";
import { recordAccountEvent } from "@/lib/esign/audit/record-event";
import { now } from "@/lib/esign/clock";
import { badRequest, forbidden, notFound, tooLarge } from "@/lib/esign/errors";
import { PERMISSIONS } from "@/lib/esign/permissions";
import { findSender } from "./sender-record";

/** A signature image is a picture of a signature, not a document: a few hundred KB at most. */
const MAX_SIGNATURE_IMAGE_BYTES = 1024 * 1024;

/** The media types a signature image may have, told by the file's first bytes (never by its name). */
const IMAGE_SIGNATURES: [mediaType: string, magic: number[]][] = [
  ["image/png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["image/jpeg", [0xff, 0xd8, 0xff]],
  ["image/gif", [0x47, 0x49, 0x46, 0x38]],
  ["image/bmp", [0x42, 0x4d]],
];

function mediaTypeOf(bytes: Uint8Array): string | null {
  return IMAGE_SIGNATURES.find(([, magic]) => magic.every((byte, i) => bytes[i] === byte))?.[0] ?? null;
}

/** The original's SignatureImage: `{fileName, mediaType, content}` (base64), or `{}` when the sender has none. */
export type WireSignatureImage = { fileName: string; mediaType: string; content: string } | Record<string, never>;

/** The sender themselves, or whoever may administer them with users.manage. */
async function assertMayChange(db: Queryable, caller: Caller, senderId: string): Promise<void> {
  await findSender(db, caller, senderId);
  if (senderId === caller.user.id) return;
  if (!caller.permissions.has(PERMISSIONS.usersManage)) throw forbidden("error.forbidden.noPermission", `This action needs the permission ${PERMISSIONS.usersManage}.`);
  await assertMayAdminister(db, caller, senderId);
}

/** The stored image, for the sender's account members. */
async function readImage(db: Queryable, caller: Caller, senderId: string) {
  await findSender(db, caller, senderId);
  const [row] = await db.select().from(senderSignatureImages).where(eq(senderSignatureImages.userId, senderId));
  return row ?? null;
}

/** `GET /api/account/senders/{id}/signature/image`: the image as JSON, `{}` when there is none (the SDKs read that as "no image"). */
export async function getSenderSignatureImage(db: Queryable, caller: Caller, senderId: string): Promise<WireSignatureImage> {
  const row = await readImage(db, caller, senderId);
  return row ? { fileName: row.fileName, mediaType: row.mediaType, content: row.content.toString("base64") } : {};
}

/** `GET /api/account/senders/{id}/signatureImage`: the image's bytes; 404 when there is none. */
export async function downloadSenderSignatureImage(db: Queryable, caller: Caller, senderId: string): Promise<{ bytes: Buffer; fileName: string; mediaType: string }> {
  const row = await readImage(db, caller, senderId);
  if (!row) throw notFound("error.notFound.signatureImage", `Sender ${senderId} has no signature image.`);
  return { bytes: row.content, fileName: row.fileName, mediaType: row.mediaType };
}

/** `POST …/signature/image` (multipart, one `file`): a PNG, JPEG, GIF or BMP up to 1 MB, replacing the one there was. */
export async function setSenderSignatureImage(db: Db, caller: Caller, senderId: string, file: { fileName: string; bytes: Buffer }): Promise<void> {
  if (file.bytes.byteLength === 0) throw badRequest("error.validation.emptyFile", "The signature image is empty.");
  if (file.bytes.byteLength > MAX_SIGNATURE_IMAGE_BYTES) throw tooLarge(`A signature image is at most ${MAX_SIGNATURE_IMAGE_BYTES / 1024} KB.`);
  const mediaType = mediaTypeOf(file.bytes);
  if (!mediaType) throw badRequest("error.validation.signatureImage", "The signature image must be a PNG, JPEG, GIF or BMP picture.");
  const fileName = file.fileName.trim().slice(0, 255) || "signature";
  await db.transaction(async (tx) => {
    await assertMayChange(tx, caller, senderId);
    const values = { fileName, mediaType, content: file.bytes, updated: now() };
    await tx.insert(senderSignatureImages).values({ userId: senderId, ...values }).onConflictDoUpdate({ target: senderSignatureImages.userId, set: values });
    await recordAccountEvent(tx, caller, "SENDER_UPDATE", `${senderId}: signature image ${fileName}`);
  });
}

/** `DELETE …/signature/image`. */
export async function deleteSenderSignatureImage(db: Db, caller: Caller, senderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await assertMayChange(tx, caller, senderId);
    const removed = await tx.delete(senderSignatureImages).where(eq(senderSignatureImages.userId, senderId)).returning({ userId: senderSignatureImages.userId });
    if (removed.length) await recordAccountEvent(tx, caller, "SENDER_UPDATE", `${senderId}: signature image removed`);
  });
}
