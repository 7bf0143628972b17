import { z } from "zod";
import { optional } from "./wire";

/**
 * A name an anonymous fast track caller gives a signer. It is written into the invitation the
 * service e-mails, in the account's name, to an address the caller chose: so a name, not a
 * message. Letters of any script, spaces, apostrophes, hyphens, commas, and periods after an
 * initial or at a word's end ("J.R. Smith", "Smith, Jr."): no digits, links ("evil.example"),
 * addresses or line breaks.
 */
const visitorName = z
  .string()
  .trim()
  .max(64)
  .regex(/^(?:[\p{L}\p{M}' ’,-]|(?<=(?:^|[\s.])\p{L})\.|\.(?!\S))*$/u, "must be a name: letters, spaces, apostrophes, hyphens, commas, and periods after an initial or at a word's end");

/**
 * The original's FastTrackSigner and FastTrackRole, and nothing else: whatever more a signer can
 * carry (a group, ad-hoc members, SMS or question authentication, delivery, data) is refused, as
 * it would let an anonymous caller decide who else is written to and how.
 */
const fastTrackSigner = z.strictObject({
  id: optional(z.string().max(64)),
  email: optional(z.email("must be an e-mail address").max(254)),
  firstName: optional(visitorName),
  lastName: optional(visitorName),
});

/** `POST /api/fastTrack?token=` (the original's FastTrackRole list): the template's placeholders, each with its signer. */
export const fastTrackRolesInput = z
  .array(
    z.strictObject({
      id: z.string().min(1, "is required").max(64),
      name: optional(z.string().max(256)),
      signers: z.array(fastTrackSigner).max(1, "a role holds one signer").nullish().transform((value) => value ?? []),
    }),
  )
  .min(1, "name at least one role")
  .max(20);
export type FastTrackRolesInput = z.infer<typeof fastTrackRolesInput>;

/** The original's SigningUrl, as fast track answers it. */
// No roleId where no role is meant: the SDKs refuse a null one.
export const fastTrackAnswer = z.object({ url: z.string(), packageId: z.string(), roleId: z.string().optional() });
export type FastTrackAnswer = z.infer<typeof fastTrackAnswer>;

export const fastTrackUrlQuery = z.object({ signing: z.enum(["true", "false"]).default("true").transform((value) => value === "true") });
