import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { makePdf, multipartBody, type PdfText } from "@/tests/support/pdfs";
import { packagePayload } from "@/tests/support/packages";

export const ONE_MB = 1024 * 1024;

/**
 * A one-page PDF of text padded with an incompressible stream (like an embedded image) to about
 * 1 MB, and where that padding starts: each request gets its own copy with a few padding bytes
 * changed, so that every upload is a new blob (the blob stores skip content they already hold,
 * which real uploads rarely are). As in PDFs people upload, the file starts with its objects'
 * dictionaries, which compress, and the image comes after them.
 */
export async function paddedPdf(bytes = ONE_MB): Promise<{ pdf: Buffer; paddingStart: number; paddingLength: number }> {
  const texts = Array.from({ length: 40 }, (_, line) => ({ page: 0, x: 72, y: 740 - line * 16, size: 10, text: `Clause ${line + 1}: the parties agree to the terms set out in this section.` }));
  const pdf = await makePdf({ pages: 1, texts, padToBytes: bytes, objectStreams: false });
  const lengthKey = pdf.indexOf(`/Length ${bytes}`);
  const streamKeyword = lengthKey < 0 ? -1 : pdf.indexOf("stream", lengthKey);
  if (streamKeyword < 0) throw new Error("Could not find the padding stream in the generated PDF");
  let start = streamKeyword + "stream".length;
  if (pdf[start] === 0x0d) start++;
  if (pdf[start] === 0x0a) start++;
  return { pdf, paddingStart: start, paddingLength: bytes };
}

export function uniqueCopy(base: { pdf: Buffer; paddingStart: number; paddingLength: number }): Buffer {
  const copy = Buffer.from(base.pdf);
  randomBytes(32).copy(copy, base.paddingStart + Math.floor(base.paddingLength / 2));
  return copy;
}

/** The create payload of the benchmarks: three signers, one document with one signature field. */
export function createPayload(name: string) {
  return packagePayload({ name, signers: 3, documents: ["Agreement"] });
}

/** Three signers and one document whose approvals come from its text tags. */
export function extractPayload(name: string) {
  const payload = packagePayload({ name, signers: 3, documents: ["Tagged agreement"] });
  return {
    ...payload,
    // extract alone reads form fields only, as the original does: text tags are asked for by extractionTypes.
    documents: payload.documents.map((document) => ({ ...document, approvals: [], extract: true, extractionTypes: ["TEXT_TAGS"] })),
  };
}

export function multipart(payload: unknown, pdf: Buffer) {
  return multipartBody(payload, [{ name: "document.pdf", bytes: pdf }]);
}

/** Five tags a page, among body text: what a generated contract with text tags looks like. */
const TAGS_PER_PAGE = [
  "{{esl:Signer1:signature}}",
  "{{*esl_date1:Signer1:signingdate}}",
  "{{esl:Signer2:initials}}",
  "{{*esl_title2:Signer2:textfield:maxlen(40)}}",
  "{{esl:Signer3:checkbox}}",
];
export const TEXT_TAGS_PER_PAGE = TAGS_PER_PAGE.length;

export async function taggedPdf(pages: number): Promise<Buffer> {
  const texts: PdfText[] = [];
  for (let page = 0; page < pages; page++) {
    for (let line = 0; line < 30; line++) {
      texts.push({
        page,
        x: 72,
        y: 740 - line * 14,
        size: 10,
        text: `Clause ${page + 1}.${line + 1}: the parties agree to the terms set out in this section of the agreement.`,
      });
    }
    TAGS_PER_PAGE.forEach((tag, i) => {
      texts.push({ page, x: 72, y: 280 - i * 40, size: 10, text: `Sign here: ${tag}` });
    });
  }
  return makePdf({ pages, texts });
}

/** Role list as createPackage hands it to extractTextTags (signers, then the sender). */
export const TEXT_TAG_ROLES = [
  { id: "Signer1", name: "Signer 1" },
  { id: "Signer2", name: "Signer 2" },
  { id: "Signer3", name: "Signer 3" },
  { id: "senderRole", name: "Olive Owner" },
];

/**
 * `count` packages of one owner, written with set-based SQL rather than the API: each with three
 * roles (two signers and the sender) and two documents (the consent document and an agreement),
 * as createPackage writes them, with `updated` spread over time so the listing has to sort.
 */
/** A role's stored signer built from the columns of `r` (id, email, first_name, last_name), for the seeding SQL. */
export const SEEDED_SIGNER = sql.raw(`jsonb_build_object(
             'id', r.id, 'email', r.email, 'firstName', r.first_name, 'lastName', r.last_name,
             'company', '', 'title', '', 'phone', '', 'language', '',
             'delivery', jsonb_build_object('email', true, 'download', true, 'provider', false),
             'auth', jsonb_build_object('scheme', 'NONE', 'challenges', '[]'::jsonb),
             'data', '{}'::jsonb)`);

export async function seedPackages(db: Db, owner: { accountId: string; userId: string; email: string }, count: number): Promise<void> {
  const { accountId, userId, email } = owner;
  await db.execute(sql`
    insert into packages (id, account_id, owner_user_id, type, status, name, description, email_message, settings, data, created, updated, sent)
    select 'bench' || md5(${accountId} || g::text), ${accountId}, ${userId}, 'PACKAGE',
           (array['DRAFT', 'SENT', 'COMPLETED', 'SENT'])[1 + g % 4],
           'Bench contract ' || g, 'Seeded for the listing benchmark', '',
           '{"ceremony": {"inPerson": false}}'::jsonb, jsonb_build_object('seq', g),
           now() - g * interval '7 minutes', now() - g * interval '5 minutes',
           case when g % 4 = 0 then null else now() - g * interval '5 minutes' end
    from generate_series(1, ${count}) as g`);
  await db.execute(sql`
    insert into package_roles (package_id, id, position, index, type, name, signer, signer_email)
    select p.id, r.id, r.position, r.index, r.type, r.name,
           ${SEEDED_SIGNER},
           r.email
    from packages p
    cross join (values
      ('Signer1', 0, 1, 'SIGNER', 'Signer 1', 'signer1@example.test', 'Signer', 'Number1'),
      ('Signer2', 1, 2, 'SIGNER', 'Signer 2', 'signer2@example.test', 'Signer', 'Number2'),
      ('Owner', 2, 0, 'SENDER', 'Olive Owner', lower(${email}), 'Olive', 'Owner')
    ) as r(id, position, index, type, name, email, first_name, last_name)
    where p.owner_user_id = ${userId}`);
  await db.execute(sql`
    insert into package_documents (package_id, id, position, index, name, blob_sha256, file_name, size, pages)
    select p.id, d.id, d.position, d.position, d.name, encode(sha256(convert_to(p.id || d.id, 'UTF8')), 'hex'), d.file_name, d.size,
           d.pages::jsonb
    from packages p
    cross join (values
      ('default-consent', 0, 'Electronic Disclosures and Signatures Consent', 'consent.pdf', 4120,
       '[{"index": 0, "width": 612, "height": 792}]'),
      ('doc1', 1, 'Agreement', 'agreement.pdf', 1048576,
       '[{"index": 0, "width": 612, "height": 792}, {"index": 1, "width": 612, "height": 792}]')
    ) as d(id, position, name, file_name, size, pages)
    where p.owner_user_id = ${userId}`);
  // What autovacuum would soon do on the server; PGlite has no autovacuum, so it is done here for both.
  await db.execute(sql`analyze packages`);
  await db.execute(sql`analyze package_roles`);
  await db.execute(sql`analyze package_documents`);
}
