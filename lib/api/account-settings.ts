import { z } from "zod";
import { DEFAULT_LATIN_SIGNATURE_FONTS } from "@/lib/esign/signing/signature-fonts";
import { withoutNulls } from "./wire";
import { embeddingOrigin } from "./wire-values";

export { embeddingOrigin };

/**
 * The account's settings documents, as the original service keeps them under
 * /api/account/admin/accountSettings, /api/account/admin/*, /api/account/signingThemes and
 * /api/dataRetentionSettings. Each document has its defaults (the original's, as its SDK's models
 * and OpenAPI document give them) and a schema for what a client may write: known members are
 * type-checked, unknown ones kept (the original's own settings Signet does not interpret), nulls
 * dropped. What Signet acts on is said beside the documents that have an effect.
 */

const bool = z.boolean();
const int = z.number().int().min(0).max(1_000_000_000);
/** A settings object: the known members checked, the others kept as given; a null (what the SDKs' builders send for "not set") is no change. */
const settingsObject = <T extends Record<string, z.ZodType>>(shape: T) =>
  z.looseObject(Object.fromEntries(Object.entries(shape).map(([key, member]) => [key, member.nullish()])) as { [K in keyof T]: z.ZodOptional<z.ZodNullable<T[K]>> }).transform(withoutNulls);

/**
 * The sites allowed to frame the ceremony of the account's packages (embedded signing), beside
 * Signet's own pages: origins only, https (http only for localhost), no wildcard; they become the
 * ceremony page's `frame-ancestors`.
 */
export const embeddedSigningOrigins = z
  .array(
    z
      .string()
      .trim()
      .max(300)
      .transform((value, context) => {
        const origin = embeddingOrigin(value);
        if (origin) return origin;
        context.addIssue({ code: "custom", message: `${JSON.stringify(value)} is not an origin such as https://portal.example.com or https://portal.example.com:8443 (http only for localhost)` });
        return z.NEVER;
      }),
  )
  .max(50)
  .transform((origins) => [...new Set(origins)]);

/**
 * The ceremony defaults of every new package of the account (the original's
 * AccountPackageSettings). Signet starts each new package's `settings.ceremony` from the members
 * they share (inPerson, declineButton, hideWatermark, …); the package's own settings win.
 */
export const accountPackageSettings = settingsObject({
  ada: bool,
  declineButton: bool,
  optOutButton: bool,
  defaultTimeBasedExpiry: bool,
  disableDeclineOther: bool,
  disableOptOutOther: bool,
  disableDownloadForUncompletedPackage: bool,
  disableFirstInPersonAffidavit: bool,
  disableInPersonAffidavit: bool,
  disableSecondInPersonAffidavit: bool,
  enforceCaptureSignature: bool,
  extractAcroFields: bool,
  extractTextTags: bool,
  globalActionsConfirm: bool,
  globalActionsDownload: bool,
  globalActionsHideEvidenceSummary: bool,
  hideCaptureText: bool,
  hideLanguageDropdown: bool,
  hidePackageOwnerInPerson: bool,
  hideWatermark: bool,
  inPerson: bool,
  leftMenuExpand: bool,
  optionalNavigation: bool,
  showNseHelp: bool,
  showNseLogoInIframe: bool,
  showNseOverview: bool,
  title: bool,
  progressBar: bool,
  navigator: bool,
  maxAttachmentFiles: int,
  fontSize: z.number().int().min(6).max(72),
  /** Signet's own: not a package setting, but the account's rule for the ceremony of all its packages. */
  embeddedSigningOrigins,
});

const ACCOUNT_PACKAGE_DEFAULTS = {
  ada: false,
  declineButton: true,
  optOutButton: true,
  defaultTimeBasedExpiry: false,
  disableDeclineOther: false,
  disableOptOutOther: false,
  disableDownloadForUncompletedPackage: false,
  disableFirstInPersonAffidavit: false,
  disableInPersonAffidavit: false,
  disableSecondInPersonAffidavit: false,
  enforceCaptureSignature: false,
  extractAcroFields: false,
  extractTextTags: false,
  globalActionsConfirm: true,
  globalActionsDownload: true,
  globalActionsHideEvidenceSummary: false,
  hideCaptureText: false,
  hideLanguageDropdown: false,
  hidePackageOwnerInPerson: false,
  hideWatermark: false,
  inPerson: false,
  leftMenuExpand: false,
  optionalNavigation: false,
  showNseHelp: false,
  showNseLogoInIframe: false,
  showNseOverview: false,
  title: false,
  progressBar: false,
  navigator: false,
  maxAttachmentFiles: 0,
  fontSize: 12,
  embeddedSigningOrigins: [] as string[],
};

/** The original's AccountFeatureSettings: which of its features the account has. Kept and echoed. */
export const accountFeatureSettings = settingsObject(
  Object.fromEntries(
    [
      "allowCheckboxConsentApproval",
      "allowInPersonForAccountSenders",
      "attachments",
      "conditionalFields",
      "customFields",
      "delegation",
      "deliverDocumentsByEmail",
      "disableFooter",
      "disableInPersonActivationEmail",
      "documentVisibility",
      "emailDocumentsAndEvidenceSummary",
      "enforceAuth",
      "evidenceSummary",
      "flattenSignerDocuments",
      "forceLogin",
      "forceTransactionOwnerLogin",
      "groups",
      "inAppReports",
      "maskResponse",
      "mobileCapture",
      "optionalSignature",
      "passwordManagement",
      "preventConsentRemoval",
      "qnaAuth",
      "sendToMobile",
      "uploadSignatureImage",
      "overrideRecipientsPreferredLanguage",
      "enableRecipientHistory",
      "allowSignersDownloadEvidenceSummary",
      "documentWidget",
      "chooseSignature",
    ].map((name) => [name, bool]),
  ),
);

const ACCOUNT_FEATURE_DEFAULTS = {
  allowCheckboxConsentApproval: true,
  allowInPersonForAccountSenders: true,
  attachments: true,
  conditionalFields: true,
  customFields: true,
  delegation: false,
  deliverDocumentsByEmail: true,
  disableFooter: false,
  disableInPersonActivationEmail: false,
  documentVisibility: true,
  emailDocumentsAndEvidenceSummary: false,
  enforceAuth: false,
  evidenceSummary: true,
  flattenSignerDocuments: false,
  forceLogin: false,
  forceTransactionOwnerLogin: false,
  groups: true,
  inAppReports: false,
  maskResponse: true,
  mobileCapture: true,
  optionalSignature: true,
  passwordManagement: true,
  preventConsentRemoval: false,
  qnaAuth: false,
  sendToMobile: false,
  uploadSignatureImage: true,
  overrideRecipientsPreferredLanguage: false,
  enableRecipientHistory: true,
  allowSignersDownloadEvidenceSummary: false,
  documentWidget: false,
  chooseSignature: true,
};

/** What the ceremony's welcome and thank-you screens show, by default everything (signingUiOptions). */
const WELCOME_OPTIONS = { title: true, body: true, recipientName: true, recipientEmail: true, recipientActionRequired: true, recipientRole: true, recipientStatus: true };
const HOST_THANK_YOU_OPTIONS = {
  title: true,
  body: true,
  recipientName: true,
  recipientEmail: true,
  recipientRole: true,
  recipientStatus: true,
  downloadButton: true,
  reviewDocumentsButton: true,
};

/**
 * Settings documents kept under one name each (account_settings.name). `defaults` is what GET
 * answers before anything is stored; `schema` checks a write.
 */
export const SETTINGS_DOCUMENTS = {
  packageSettings: { schema: accountPackageSettings, defaults: ACCOUNT_PACKAGE_DEFAULTS },
  featureSettings: { schema: accountFeatureSettings, defaults: ACCOUNT_FEATURE_DEFAULTS },
  designerSettings: {
    schema: settingsObject({
      send: bool,
      done: bool,
      settings: bool,
      documentVisibility: bool,
      addDocument: bool,
      editDocument: bool,
      deleteDocument: bool,
      addSigner: bool,
      editRecipient: bool,
      rolePickerSender: bool,
      saveLayout: bool,
      applyLayout: bool,
      showSharedLayouts: bool,
      defaultSignatureType: z.string().max(64),
    }),
    defaults: {
      send: true,
      done: true,
      settings: true,
      documentVisibility: true,
      addDocument: true,
      editDocument: true,
      deleteDocument: true,
      addSigner: true,
      editRecipient: true,
      rolePickerSender: true,
      saveLayout: true,
      applyLayout: true,
      showSharedLayouts: true,
      defaultSignatureType: "fullname",
    },
  },
  emailReminderSettings: {
    schema: settingsObject({ startInDaysDelay: int, intervalInDays: int, repetitionsCount: z.number().int().min(0).max(5) }),
    defaults: { startInDaysDelay: 1, intervalInDays: 1, repetitionsCount: 0 },
  },
  /** Unset by default: both members absent (the original answers null for each). */
  limitSupportedLanguages: {
    schema: settingsObject({ defaultSignerLanguage: z.string().min(2).max(16), signerLanguages: z.array(z.string().min(2).max(16)).max(100) }),
    defaults: {},
  },
  /**
   * The file extensions a signer may upload for an attachment requirement, enforced at upload
   * (empty: any). On the wire a bare array, upper-cased as the original keeps them
   * (attachmentsWhitelistInput).
   */
  attachmentsWhitelist: {
    schema: settingsObject({ allowedFileTypes: z.array(z.string().trim().min(1).max(64)).max(200) }),
    defaults: { allowedFileTypes: [] as string[] },
  },
  systemSettings: {
    schema: settingsObject({ senderLoginMaxFailedAttempts: int, loginSessionTimeout: int, sessionTimeoutWarning: int, orderLastNameFirstName: bool }),
    defaults: { senderLoginMaxFailedAttempts: 5, loginSessionTimeout: 28_800_000, sessionTimeoutWarning: 300_000, orderLastNameFirstName: false },
  },
  signatureLayout: {
    schema: settingsObject({ logo: settingsObject({ image: z.string().max(2_000_000) }) }),
    defaults: {},
  },
  chooseSignature: {
    schema: settingsObject({
      signature: settingsObject({
        allowStyling: bool,
        allowDrawing: bool,
        allowUploading: bool,
        allowMobileSigning: bool,
        defaultSignatureType: z.string().max(64),
        fontsPerWritingSystem: z.record(z.string(), z.array(z.string().max(128)).max(50)),
      }),
    }),
    // The fonts a typed signature can take (fontsPerWritingSystem.latin): the original's 13 (lib/esign/signing/signature-fonts.ts).
    defaults: {
      signature: {
        allowStyling: true,
        allowDrawing: true,
        allowUploading: true,
        allowMobileSigning: true,
        defaultSignatureType: "STYLE",
        fontsPerWritingSystem: { latin: DEFAULT_LATIN_SIGNATURE_FONTS },
      },
    },
  },
  signingUiOptions: {
    schema: settingsObject({
      completeSummaryOptions: z.record(z.string(), z.unknown()),
      inpersonWelcomeOptions: z.record(z.string(), z.unknown()),
      inpersonHostThankYouOptions: z.record(z.string(), z.unknown()),
      notaryWelcomeOptions: z.record(z.string(), z.unknown()),
      notaryHostThankYouOptions: z.record(z.string(), z.unknown()),
      overviewOptions: z.record(z.string(), z.unknown()),
    }),
    defaults: {
      completeSummaryOptions: { title: true, message: true, download: true, review: true, continue: true, documentSection: true, uploadSection: true },
      inpersonWelcomeOptions: WELCOME_OPTIONS,
      inpersonHostThankYouOptions: HOST_THANK_YOU_OPTIONS,
      notaryWelcomeOptions: { ...WELCOME_OPTIONS, notaryTag: true },
      notaryHostThankYouOptions: { ...HOST_THANK_YOU_OPTIONS, notaryTag: true },
      overviewOptions: { title: true, body: true, documentSection: true, uploadSection: true },
    },
  },
  /**
   * Signet's own: the account's support contact, which the ceremony's Help shows the signers of
   * its packages and `/api/package_information/{id}/support_information` answers (each member
   * absent: SUPPORT_EMAIL / SUPPORT_PHONE, else the package sender's).
   */
  supportConfiguration: {
    schema: settingsObject({ email: z.union([z.literal(""), z.email().max(254)]), phone: z.string().trim().max(40).regex(/^[0-9+()./ -]*(\s*(x|ext\.?)\s*[0-9]+)?$/i, "must be a phone number: digits, spaces, + ( ) - . /") }),
    defaults: {},
  },
  signingThemes: { schema: z.record(z.string(), z.unknown()).transform(withoutNulls), defaults: {} },
  /** A new package without a due date is due `remainingDays` after it is created (0: never); none may be due later than `maximumRemainingDays` (0: no limit). */
  expiryTimeConfiguration: {
    schema: settingsObject({ remainingDays: z.number().int().min(0).max(36_500), maximumRemainingDays: z.number().int().min(0).max(36_500) }),
    defaults: { remainingDays: 0, maximumRemainingDays: 0 },
  },
  /**
   * How many days after reaching each state a package's documents are kept (0 or absent: the
   * service's RETENTION_DAYS for completed and archived packages, forever for the others).
   */
  dataManagementPolicy: {
    schema: settingsObject({
      transactionRetention: settingsObject({
        draft: int,
        sent: int,
        completed: int,
        archived: int,
        declined: int,
        optedOut: int,
        expired: int,
        lifetimeTotal: int,
        lifetimeUntilCompletion: int,
        includeSent: bool,
      }),
    }),
    defaults: { transactionRetention: { draft: 0, sent: 0, completed: 0, archived: 0, declined: 0, optedOut: 0, expired: 0 } },
  },
} satisfies Record<string, { schema: z.ZodType; defaults: Record<string, unknown> }>;

export type SettingsDocumentName = keyof typeof SETTINGS_DOCUMENTS;

/** `/api/account/admin/accountSettings`: the two documents together, as the original's AccountSettings. */
export const accountSettingsPatch = z
  .looseObject({ accountPackageSettings: accountPackageSettings.nullish(), accountFeatureSettings: accountFeatureSettings.nullish() })
  .transform(withoutNulls);

/** PUT `/api/account/admin/accountSettings/attachmentsWhitelist`: the extensions as a bare array (an object with allowedFileTypes also read). */
export const attachmentsWhitelistInput = z
  .union([z.array(z.string().trim().min(1).max(64)).max(200), z.object({ allowedFileTypes: z.array(z.string().trim().min(1).max(64)).max(200) }).transform((body) => body.allowedFileTypes)])
  .transform((types) => [...new Set(types.map((type) => type.toUpperCase()))]);

/**
 * `/api/accountConfig/handoverUrl/{language}`: where the ceremony leads the signer once they
 * finish. Kept as given (the original takes any text); the ceremony shows only http(s) links.
 */
export const handoverInput = z.looseObject({
  href: z.string().trim().min(1).max(2000).nullish(),
  text: z.string().max(200).nullish(),
  title: z.string().max(500).nullish(),
  language: z.string().max(16).nullish(),
});
export type HandoverInput = z.infer<typeof handoverInput>;

/** The original's SupportConfiguration: whom a signer contacts for help (`""` when there is no one). */
export const supportConfigurationResponse = z.object({ email: z.string(), phone: z.string() });

/**
 * `/api/accountConfig/thankYouDialog/{language}` and `/api/packages/{id}/thank_you_dialog`: the
 * closing text the ceremony shows a signer who finished. `body` is plain text (no markup).
 */
export const thankYouDialogInput = z.looseObject({
  title: z.string().trim().max(200).nullish(),
  body: z.string().trim().min(1, "must not be empty").max(4000),
  language: z.string().max(16).nullish(),
});
export const thankYouDialogResponse = z.object({ title: z.string(), body: z.string(), language: z.string() });

/** `/api/accountConfig/declineReasons/{language}`: the reasons a signer picks from when declining. */
export const declineReasonsInput = z.array(z.string().trim().min(1).max(1000)).max(50);

/** `/api/account/admin/signingLogos`: a logo per language for the ceremony, each an image as a data URL or base64. */
export const signingLogosInput = z.array(z.looseObject({ language: z.string().min(2).max(16), image: z.string().min(1).max(2_000_000) })).max(50);

/** A language in a path: a two-letter code, with an optional region (fr, fr-CA, zh-CN). */
export const languageParam = z.string().regex(/^[a-zA-Z]{2,3}([_-][a-zA-Z0-9]{2,4})?$/, "must be a language code such as en or fr-CA");

export const settingsDocumentResponse = z.record(z.string(), z.unknown());
