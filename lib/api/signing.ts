import { SHIPPED_LOCALES } from "@/lib/i18n/locales";
import { z } from "zod";
import { ceremonyAttachmentRequirement } from "./attachments";
import { signerAuthenticationStatus } from "./signer-authentication";
import { optional } from "./wire";

/** Requests of the signing ceremony (our own endpoints under /api/signing, authenticated by the signer's session cookie). */

/** A drawn signature: a PNG as a data URL, at most 512 KB once decoded. */
const pngDataUrl = z
  .string()
  .max(700_000)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, "must be a PNG data URL");

export const approvalSigning = z.object({
  id: z.string().min(1).max(256),
  /**
   * The signature of an approval that has a SIGNATURE field: the typed name or initials (in one of
   * the account's signature fonts, by name, else the seal's own font), or an image drawn on the pad or uploaded (a
   * full-name field takes either; a CAPTURE field an image only).
   */
  signature: optional(
    z.object({
      text: optional(z.string().trim().min(1).max(256)),
      font: optional(z.string().trim().min(1).max(128)),
      image: optional(pngDataUrl),
      uploaded: optional(z.boolean()),
    }),
  ),
  fields: z
    .array(z.object({ id: z.string().min(1).max(256), value: z.string().max(100_000) }))
    .max(500)
    .default([]),
});
export type ApprovalSigning = z.infer<typeof approvalSigning>;

/** `POST /api/signing/{packageId}/documents/{documentId}/sign`: every approval of the signer on the document at once. */
export const documentSigning = z.object({ approvals: z.array(approvalSigning).max(200) });
export type DocumentSigning = z.infer<typeof documentSigning>;

export const declineRequest = z.object({ reason: z.string().trim().min(1, "is required").max(4000) });
export const optOutRequest = z.object({ reason: z.string().trim().min(1, "is required").max(4000) });

export const reassignRequest = z.object({
  email: z.email().max(256),
  firstName: z.string().trim().min(1).max(128),
  lastName: z.string().trim().min(1).max(128),
  message: optional(z.string().max(4000)),
});
export type ReassignRequest = z.infer<typeof reassignRequest>;
export const reassignResponse = z.object({ newRoleId: z.string().describe("The role of the new signer, which took the delegating signer's place") });

/** `POST /api/signing/{packageId}/host/signer`: the signer the sender hosting in person hands the device to. */
export const hostSignerRequest = z.object({ roleId: z.string().trim().min(1, "is required").max(256) });

/** The ceremony view's `host`: set when the sender hosts the ceremony in person. */
const ceremonyHost = z
  .object({
    name: z.string(),
    signers: z.array(
      z.object({
        roleId: z.string(),
        name: z.string(),
        index: z.number(),
        turn: z.boolean().describe("May sign now (spec 3.3)"),
        completed: z.boolean(),
      }),
    ),
  })
  .nullable()
  .describe("The sender hosting the ceremony in person and every signer in signing order; null unless hosted");

const ceremonyField = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  subtype: z.string(),
  page: z.number(),
  top: z.number(),
  left: z.number(),
  width: z.number(),
  height: z.number(),
  value: z.string(),
  binding: z.string().nullable(),
  validation: z.record(z.string(), z.unknown()).nullable(),
});

const refusalOption = z.object({
  allowed: z.boolean(),
  reasons: z.array(z.string()).describe("Reasons to choose from; empty: the signer writes their own"),
  otherAllowed: z.boolean().describe("Whether the signer may write a reason of their own besides the listed ones"),
});
export type RefusalOption = z.infer<typeof refusalOption>;

/** `GET /api/signing/{packageId}`: what the ceremony shows the signer. */
export const ceremonyViewResponse = z.object({
  language: z.enum(SHIPPED_LOCALES).describe("The language the ceremony speaks: the signer's `language` if Signet ships it, else the package's, else en"),
  package: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    emailMessage: z.string(),
    language: z.string(),
    status: z.string(),
    inPerson: z.boolean(),
    virtualRoom: z
      .object({
        startDatetime: z.string().nullable().describe("When the hosted session starts, UTC; null when not scheduled"),
        hostName: z.string().describe("Who hosts it (empty when no host was named)"),
        youHost: z.boolean().describe("The person in this ceremony is the host: the signer named host, or the sender hosting it in person"),
      })
      .nullable()
      .describe("The package's virtual room (…/virtual-room/config); null when none"),
    refusals: z
      .object({ decline: refusalOption, optOut: refusalOption })
      .describe("settings.ceremony: whether the signer may decline or opt out, and the reasons offered"),
    handover: z
      .object({ href: z.string(), text: z.string(), title: z.string() })
      .nullable()
      .describe("Where the ceremony leads a signer who finished: the package's settings.ceremony.handOver, else the account's hand-over link"),
    support: z.object({ email: z.string(), phone: z.string() }).describe("Whom the signer contacts for help (the ceremony's Help): as /api/package_information/{id}/support_information answers"),
    thankYou: z
      .object({ title: z.string(), body: z.string(), language: z.string() })
      .nullable()
      .describe("The closing text the package or its account wrote, shown once the signer finished, in their language where one is given; null when nobody wrote one (the ceremony's own words then suffice)"),
  }),
  signer: z.object({ roleId: z.string(), name: z.string(), email: z.string(), group: z.object({ name: z.string() }).nullable(), reassign: z.boolean() }),
  progress: z.object({
    consentAccepted: z.boolean(),
    verification: z.object({ typeId: z.string(), passed: z.boolean() }).nullable(),
    authentication: signerAuthenticationStatus
      .nullable()
      .describe("The signer's own authentication (auth CHALLENGE or SMS); null when none. Until passed, `documents` and `attachmentRequirements` are empty"),
    locked: z.boolean(),
    completed: z.boolean(),
    mayStart: z.boolean().describe("Spec 3.3: every signer of a lower index has finished"),
    waitingFor: z.array(z.string()),
    groupLock: z.object({ heldByYou: z.boolean(), heldBy: z.string().nullable(), until: z.string().nullable() }).nullable(),
  }),
  host: ceremonyHost,
  documentOrderEnforced: z.boolean(),
  notary: z
    .object({
      name: z.string(),
      commission: z.object({ number: z.number().int(), jurisdiction: z.string(), country: z.string(), expirationDate: z.string() }).nullable(),
      certificate: z.string().describe("The notarial certificate the notary adopts for each document, in English (the ceremony shows it in its language)"),
      adopted: z.string().nullable().describe("When the notary adopted the certificate (POST /api/signing/{packageId}/notary); null until then, and the notary cannot sign before"),
    })
    .nullable()
    .describe("Notarization: set only in the ceremony of a notarized package's notary (its notaryRoleId); null for every other signer"),
  signatureFonts: z.array(z.string()).describe("The fonts the signer may type their signature in: the account's chooseSignature fontsPerWritingSystem.latin"),
  attachmentRequirements: z.array(ceremonyAttachmentRequirement).describe("The signer's own attachment requirements (PACKAGE_ATTACHMENT)"),
  documents: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      index: z.number(),
      pages: z.array(z.object({ index: z.number(), width: z.number(), height: z.number() })),
      open: z.boolean().describe("Spec 3.4: with document indexes, only the next document to sign (and those before) are open"),
      done: z.boolean(),
      approvals: z.array(
        z.object({
          id: z.string(),
          roleId: z.string(),
          mine: z.boolean(),
          optional: z.boolean(),
          disabled: z.boolean().describe("Turned off by the sender: shown, not signed"),
          enforceCaptureSignature: z.boolean(),
          signed: z.string().nullable(),
          fields: z.array(ceremonyField),
        }),
      ),
    }),
  ),
});

export const documentSigned = z.object({ roleCompleted: z.boolean().describe("The signer has nothing left to sign") });
export const groupLockTaken = z.object({ lockedUntil: z.string() });

/** The signer's copy on the ceremony's last page: WAITING (others still sign), SEALING, or READY with the download's paths. */
export const ceremonyCopyOffer = z.discriminatedUnion("status", [
  z.object({ status: z.literal("WAITING") }),
  z.object({ status: z.literal("SEALING") }),
  z.object({ status: z.literal("READY"), pageUrl: z.string(), zipUrl: z.string() }),
]);
export type CeremonyCopyOfferResponse = z.infer<typeof ceremonyCopyOffer>;

/** The notary's adoption of the notarial certificate (POST /api/signing/{packageId}/notary). */
export const notarialCertificateAdoption = z.object({ adopted: z.string().describe("When the notary adopted the certificate (the first adoption; adopting again answers it unchanged)") });
