import { z } from "zod";

/** `POST /api/packages/{packageId}/documents/localize-consent` (the original's ConsentLocalizationRequest). */
export const consentLocalizationRequest = z.object({ language: z.string().trim().min(2, "is required").max(16) });
export type ConsentLocalizationRequest = z.infer<typeof consentLocalizationRequest>;

const resourceMetadata = z.object({ accountId: z.string(), language: z.string() });

/** The original's ConsentLocalizationData: which consent, in which language, from whose wording. */
export const consentLocalizationResponse = z.object({
  consentId: z.string(),
  consentMetadata: z.object({
    packageInfo: z.object({ uid: z.string(), language: z.string() }),
    properties: resourceMetadata,
    document: resourceMetadata,
  }),
});
export type ConsentLocalizationResponse = z.infer<typeof consentLocalizationResponse>;
