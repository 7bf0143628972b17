/** One e-mail's content, in plain text and HTML. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** A piece of an e-mail's body, rendered to text and to HTML alike. */
export type Block =
  | { paragraph: string }
  /** A call to action: a button in HTML, "label: url" in text. */
  | { action: { label: string; url: string } }
  | { links: { label: string; url: string }[] }
  /** Something to read exactly (a code), set apart. */
  | { code: string }
  | { quote: string };

/** One kind of message in one language: its subject and body from typed data. */
export interface Template<Data> {
  subject(data: Data): string;
  body(data: Data): Block[];
}

export interface SenderInvitationData {
  inviterName: string;
  accountName: string;
  activationUrl: string;
  /** When the link stops working. */
  expires: Date;
}

export interface SigningInvitationData {
  signerName: string;
  senderName: string;
  packageName: string;
  /** The sender's own words to the signers (the package's emailMessage); empty for none. */
  message?: string;
  signingUrl: string;
  /** The package's virtual room: who hosts the signing session and when it starts (`2030-01-31 14:00 UTC`; empty: not scheduled). */
  virtualRoom?: { hostName: string; start: string };
}

export interface ReminderData {
  signerName: string;
  senderName: string;
  packageName: string;
  signingUrl: string;
}

export interface SigningCancelledData {
  signerName: string;
  senderName: string;
  packageName: string;
  /** The sender's reason for taking the package back to draft. */
  reason: string;
}

export interface OneTimeCodeData {
  signerName: string;
  packageName: string;
  code: string;
  minutesValid: number;
}

export interface SignerLockedData {
  senderName: string;
  signerName: string;
  signerEmail: string;
  packageName: string;
}

export interface PackageCompletedData {
  recipientName: string;
  packageName: string;
  /** The package's page in the console, where the sender downloads the signed documents and the evidence summary. */
  packageUrl: string;
}

export interface SignerCopyData {
  signerName: string;
  packageName: string;
  /** The signer's own download page of the sealed documents (a link for them alone). */
  copyUrl: string;
  /** The last day the link works: the package's documents are kept until then. */
  availableUntil: Date;
}

export interface DeclinedData {
  senderName: string;
  signerName: string;
  packageName: string;
  reason?: string;
}

export interface ExpiredData {
  senderName: string;
  packageName: string;
  expiredAt: Date;
}

export interface CallbackFailingData {
  ownerName: string;
  callbackUrl: string;
  eventName: string;
  attempts: number;
  lastError: string;
}

export interface DelegateNamedData {
  delegatorName: string;
  accountName: string;
  /** When the delegation ends; none: until removed. */
  until: Date | null;
  folderUrl: string;
}

export interface PasswordResetData {
  userName: string;
  resetUrl: string;
  minutesValid: number;
}

export interface FastTrackLimitedData {
  ownerName: string;
  templateName: string;
  /** Which limit refused the request: the template's links per hour, one client address per hour, or the account per day. */
  limit: "link" | "address" | "account";
  /** That limit's number of packages. */
  allowed: number;
  /** Packages the template's fast track links made in the last 24 hours. */
  count: number;
  templatesUrl: string;
}

/** The link that confirms a sign-up's e-mail and creates its account. */
export interface SignUpConfirmationData {
  userName: string;
  accountName: string;
  confirmUrl: string;
  hoursValid: number;
}

/** To the owner of an e-mail someone tried to sign up with. */
export interface SignUpAttemptedData {
  userName: string;
  signInUrl: string;
  forgotPasswordUrl: string;
}

/** To a signer whose uploaded attachment the sender rejected, with the sender's comment and a way back. */
export interface AttachmentRejectedData {
  signerName: string;
  senderName: string;
  packageName: string;
  attachmentName: string;
  /** The sender's comment; empty for none. */
  comment: string;
  signingUrl: string;
}

/** Every kind of message, in one language. */
export interface Catalogue {
  senderInvitation: Template<SenderInvitationData>;
  signingInvitation: Template<SigningInvitationData>;
  reminder: Template<ReminderData>;
  signingCancelled: Template<SigningCancelledData>;
  oneTimeCode: Template<OneTimeCodeData>;
  signerLocked: Template<SignerLockedData>;
  packageCompleted: Template<PackageCompletedData>;
  signerCopy: Template<SignerCopyData>;
  declined: Template<DeclinedData>;
  expired: Template<ExpiredData>;
  callbackFailing: Template<CallbackFailingData>;
  passwordReset: Template<PasswordResetData>;
  delegateNamed: Template<DelegateNamedData>;
  fastTrackLimited: Template<FastTrackLimitedData>;
  signUpConfirmation: Template<SignUpConfirmationData>;
  signUpAttempted: Template<SignUpAttemptedData>;
  attachmentRejected: Template<AttachmentRejectedData>;
}
