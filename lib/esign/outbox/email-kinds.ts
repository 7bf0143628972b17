/** What each outbox message is; listed by `GET /api/account/outbox`. */
export const EMAIL_KINDS = [
  "SENDER_INVITATION",
  "SIGNING_INVITATION",
  "REMINDER",
  "SIGNING_CANCELLED",
  "ONE_TIME_CODE",
  "SIGNER_LOCKED",
  "PACKAGE_COMPLETED",
  "SIGNER_COPY",
  "DECLINED",
  "EXPIRED",
  "CALLBACK_FAILING",
  "PASSWORD_RESET",
  "DELEGATE_NAMED",
  "FAST_TRACK_LIMITED",
  "SIGN_UP_CONFIRMATION",
  "SIGN_UP_ATTEMPTED",
  "ATTACHMENT_REJECTED",
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** QUEUED until the job runs; then SENT, KEPT (no SMTP_URL), BOUNCED (refused for good) or FAILED (gave up retrying). */
export const EMAIL_STATUSES = ["QUEUED", "SENT", "KEPT", "FAILED", "BOUNCED"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
