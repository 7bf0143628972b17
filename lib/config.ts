import path from "node:path";

/** Every setting of the application, read from the environment once. docs/operations.md lists them. */
export interface Config {
  port: number;
  dataDir: string;
  /** postgres://... selects a PostgreSQL server; empty means embedded PGlite in dataDir. */
  databaseUrl: string;
  /** Connections per instance to a PostgreSQL server. */
  databasePoolSize: number;
  /** A pooled connection idle this long is closed while the pool holds more than it always keeps (lib/db/open-postgres.ts). */
  databasePoolIdleMs: number;
  /** Secret for API key encryption and lookup hashes; generated into dataDir when unset. */
  secret: string;
  signupEnabled: boolean;
  maxFileBytes: number;
  maxRequestBytes: number;
  /** Worker threads that read, flatten and seal PDFs, off the thread that answers requests. */
  pdfWorkerThreads: number;
  /** Memory one PDF job may use (MB): its worker's heap limit, and what the process may grow by while it runs (heap and buffers). */
  pdfWorkerMemoryMb: number;
  /** PDF jobs one account may have waiting for a worker; one more is answered 429. */
  pdfJobsWaitingPerAccount: number;
  /** How long a PDF worker may sit idle before it ends (ms): an idle instance holds no workers. */
  pdfWorkerIdleMs: number;
  /** PGlite's shared_buffers (MB); its default of 128 MB is most of an idle instance's memory. */
  pgliteSharedBuffersMb: number;
  /**
   * How V8 compiles the embedded database's WebAssembly: "baseline" (Liftoff only) or "optimizing"
   * (Liftoff, then TurboFan for hot functions: about 17 % faster simple queries, 35 % faster
   * aggregates, and about 70 MB more resident memory, kept by the optimizing compiler's allocations).
   * Baseline holds while PGlite starts; the PDF workers' WebAssembly is optimized either way (lib/db/open-pglite.ts).
   */
  pgliteWasmCompiler: "baseline" | "optimizing";
  /** Time limit of one PDF job (ms), from when it is handed to a worker (not while it waits its turn): past it the worker is ended and the job refused. */
  pdfJobTimeoutMs: number;
  /** Most pages an uploaded PDF may have. */
  maxPdfPages: number;
  /** Largest size one compressed stream of an uploaded PDF may inflate to (bytes): the guard against flate bombs. */
  maxPdfStreamBytes: number;
  /** Most bytes all the streams of an uploaded PDF may decode to together, through every filter: one budget per document. */
  maxPdfDecodedBytes: number;
  publicUrl: string;
  /** Host names a callback url may reach over plain http (everything else must be https). */
  callbackHttpHosts: string[];
  /** Lifetime of an access token obtained with a client application's secret. */
  accessTokenMinutes: number;
  /** smtp://user:pass@host:port or smtps://...; empty keeps every e-mail in the outbox table. */
  smtpUrl: string;
  /** The From of every e-mail. */
  mailFrom: string;
  /** The support contact a signer is shown when the package's account has set none (each member on its own); empty: the package sender's. */
  supportEmail: string;
  supportPhone: string;
  /** Attempts after the first for an e-mail refused temporarily, and the first delay (seconds, doubling). */
  emailRetryLimit: number;
  emailRetryDelaySeconds: number;
  /** PostgreSQL schema of the job queue's tables (pg-boss). */
  jobSchema: string;
  /** Days after completion when a package's documents are purged (the package stays as a record). */
  retentionDays: number;
  /** Seconds between two runs of the sweep of time-based work (expiry, reminders, retention, stalled jobs). */
  sweepIntervalSeconds: number;
  /** Minutes a group member's lock on signing lasts without activity (spec 2.9). */
  signingGroupLockMinutes: number;
  /** Attempts of one callback delivery before it is marked FAILED and the owner e-mailed. */
  callbackMaxAttempts: number;
  /** Delay before the second attempt (seconds); it doubles each time, with jitter (10 attempts ≈ 24 h at the default). */
  callbackRetryBaseSeconds: number;
  /** Allow callback destinations on private, loopback and link-local addresses (development, tests). */
  callbackAllowPrivate: boolean;
  /** Time-outs of one callback attempt: connecting, then the whole answer (ms). */
  callbackConnectTimeoutMs: number;
  callbackResponseTimeoutMs: number;
  /** Callback deliveries in flight at once in this process, and most connections kept open to one receiver. */
  callbackConcurrency: number;
  /** PKCS#12 file of the certificate that seals completed documents; empty: one generated into dataDir/seal. */
  sealP12Path: string;
  /** Passphrase of sealP12Path. */
  sealP12Passphrase: string;
  /** RFC 3161 time-stamping authority (http or https URL) whose timestamp each seal carries (PAdES B-LT); empty: none (B-B). */
  sealTsaUrl: string;
  /** The shortest answer to a refused sign-in with e-mail and password (ms): guessing stays slow. */
  signInFailureDelayMs: number;
  /** Packages fast track links may make (lib/esign/fast-track/fast-track-limits.ts): per template's links and per client address in an hour, per account in a day. */
  fastTrackPerLinkPerHour: number;
  fastTrackPerAddressPerHour: number;
  fastTrackPerAccountPerDay: number;
  /** Who may tell the client's address in X-Forwarded-For (lib/http/client-address.ts). */
  trustedProxies: string;
  /** Documents in an S3-compatible bucket (lib/esign/storage/s3-blob-store.ts); null keeps them in the database's store. */
  s3: S3Settings | null;
  /** The least severe log lines written (pino's levels; silent: none). */
  logLevel: LogLevel;
  /** The e-signature API the console talks to (no trailing slash); empty: the embedded service of this server. */
  esignApiUrl: string;
  /** The key of the console's session cookie; empty: one derived from the server secret (lib/console/auth-secret.ts). */
  authSecret: string;
  /** Text messages for signer authentication by SMS; null while a TWILIO_* setting it needs is empty. */
  sms: SmsSettings | null;
}

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface S3Settings {
  /** The bucket; S3 storage is on when it is set. */
  bucket: string;
  /** The server's URL (MinIO, Ceph, R2, …); empty for Amazon S3 itself, found from the region. */
  endpoint: string;
  region: string;
  /** Empty: the SDK's own chain (AWS_* variables, shared files, instance or task role). */
  accessKeyId: string;
  secretAccessKey: string;
  /** Buckets addressed as endpoint/bucket rather than bucket.endpoint (most S3-compatible servers need it). */
  forcePathStyle: boolean;
  /** Prepended to every key: blobs/ab/<sha256>. */
  prefix: string;
}

/** S3_BUCKET turns S3 storage on; the other S3_* settings say where and how. */
function s3Settings(): S3Settings | null {
  const bucket = process.env.S3_BUCKET?.trim() ?? "";
  if (!bucket) return null;
  const endpoint = (process.env.S3_ENDPOINT ?? "").trim().replace(/\/$/, "");
  const accessKeyId = process.env.S3_ACCESS_KEY_ID ?? "";
  const secretAccessKey = process.env.S3_SECRET_ACCESS_KEY ?? "";
  if (!accessKeyId !== !secretAccessKey) throw new Error("Settings S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither");
  const pathStyle = booleanSetting("S3_FORCE_PATH_STYLE", endpoint !== "");
  const prefix = (process.env.S3_PREFIX ?? "blobs/").replace(/^\/+/, "");
  return {
    bucket,
    endpoint,
    region: process.env.S3_REGION || "us-east-1",
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle,
    prefix: prefix === "" || prefix.endsWith("/") ? prefix : `${prefix}/`,
  };
}

/** The bounds of a number setting; both inclusive. */
interface Range {
  min: number;
  max?: number;
}

function rangeText({ min, max }: Range): string {
  return max === undefined ? `at least ${min}` : `from ${min} to ${max}`;
}

/** A number within `range`, fractions allowed (sizes in MB, time-outs in seconds): the caller rounds it to its unit. */
function numberSetting(name: string, fallback: number, range: Range = { min: Number.MIN_VALUE }): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  const inRange = Number.isFinite(value) && value >= range.min && (range.max === undefined || value <= range.max);
  if (!inRange) {
    const wanted = range.min === Number.MIN_VALUE ? "a positive number" : `a number ${rangeText(range)}`;
    throw new Error(`Setting ${name} must be ${wanted}, got "${raw}"`);
  }
  return value;
}

/**
 * A whole number within `range`: counts, ports, and every setting the database or the job queue
 * takes as an integer (RETENTION_DAYS=0.5 would otherwise fail each seal and purge later).
 */
function integerSetting(name: string, fallback: number, range: Range = { min: 1 }): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  const inRange = /^\s*-?\d+\s*$/.test(raw) && Number.isSafeInteger(value) && value >= range.min && (range.max === undefined || value <= range.max);
  if (!inRange) throw new Error(`Setting ${name} must be a whole number ${rangeText(range)}, got "${raw}"`);
  return value;
}

/** true or false (any case); anything else is refused rather than read as one of them. */
function booleanSetting(name: string, fallback: boolean): boolean {
  const raw = (process.env[name] ?? "").trim().toLowerCase();
  if (raw === "") return fallback;
  if (raw !== "true" && raw !== "false") throw new Error(`Setting ${name} must be true or false, got "${process.env[name]}"`);
  return raw === "true";
}

/** A URL of one of `protocols` (with their colon), or empty when unset. */
function protocolUrlSetting(name: string, protocols: string[]): string {
  const raw = (process.env[name] ?? "").trim();
  if (raw === "") return "";
  if (!URL.canParse(raw) || !protocols.includes(new URL(raw).protocol)) {
    throw new Error(`Setting ${name} must be a ${protocols.map((protocol) => protocol.slice(0, -1)).join(" or ")} URL, got "${redactedUrl(raw)}"`);
  }
  return raw;
}

/** A URL as it may appear in a message: without its password. */
function redactedUrl(raw: string): string {
  if (!URL.canParse(raw)) return raw.replace(/:[^:@/]*@/, ":***@");
  const url = new URL(raw);
  if (url.password) url.password = "***";
  return url.toString();
}

/** The database: empty (PGlite in DATA_DIR), memory:// (a throwaway PGlite) or a PostgreSQL URL. */
function databaseUrlSetting(): string {
  const raw = (process.env.DATABASE_URL ?? "").trim();
  if (raw === "" || raw === "memory://") return raw;
  return protocolUrlSetting("DATABASE_URL", ["postgres:", "postgresql:"]);
}

/** A PostgreSQL identifier the job queue's SQL names its schema with. */
function identifierSetting(name: string, fallback: string): string {
  const raw = (process.env[name] ?? "").trim();
  if (raw === "") return fallback;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(raw)) throw new Error(`Setting ${name} must be a lower-case PostgreSQL name (letters, digits, _), got "${raw}"`);
  return raw;
}

/** An http or https URL, or empty when unset. */
function urlSetting(name: string): string {
  const raw = (process.env[name] ?? "").trim();
  if (raw === "") return "";
  if (!URL.canParse(raw) || !["http:", "https:"].includes(new URL(raw).protocol)) {
    throw new Error(`Setting ${name} must be an http or https URL, got "${redactedUrl(raw)}"`);
  }
  return raw;
}

function choiceSetting<Choice extends string>(name: string, choices: Choice[], fallback: Choice): Choice {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!(choices as string[]).includes(raw)) throw new Error(`Setting ${name} must be one of ${choices.join(", ")}, got "${raw}"`);
  return raw as Choice;
}

/** LOG_LEVEL alone: the log reads it without the other settings, so it can still say which of them is wrong. */
export function logLevelSetting(): LogLevel {
  return choiceSetting("LOG_LEVEL", [...LOG_LEVELS], "info");
}

export function readConfig(): Config {
  const port = integerSetting("PORT", 3000, { min: 1, max: 65535 });
  return {
    port,
    dataDir: path.resolve(/* turbopackIgnore: true */ process.env.DATA_DIR || "./data"),
    databaseUrl: databaseUrlSetting(),
    databasePoolSize: integerSetting("DATABASE_POOL_SIZE", 10, { min: 1, max: 1000 }),
    databasePoolIdleMs: Math.ceil(numberSetting("DATABASE_POOL_IDLE_SECONDS", 600, { min: 1, max: 86_400 }) * 1000),
    secret: process.env.SIGNET_SECRET ?? "",
    signupEnabled: booleanSetting("SIGNUP_ENABLED", true),
    maxFileBytes: Math.floor(numberSetting("MAX_FILE_MB", 25) * 1024 * 1024),
    maxRequestBytes: Math.floor(numberSetting("MAX_REQUEST_MB", 100) * 1024 * 1024),
    pdfWorkerThreads: integerSetting("PDF_WORKER_THREADS", 2, { min: 1, max: 64 }),
    pdfWorkerMemoryMb: integerSetting("PDF_WORKER_MEMORY_MB", 512, { min: 64 }),
    pdfJobsWaitingPerAccount: integerSetting("PDF_JOBS_WAITING_PER_ACCOUNT", 20, { min: 1 }),
    pdfWorkerIdleMs: Math.ceil(numberSetting("PDF_WORKER_IDLE_SECONDS", 60) * 1000),
    pgliteSharedBuffersMb: integerSetting("PGLITE_SHARED_BUFFERS_MB", 16, { min: 1 }),
    pgliteWasmCompiler: choiceSetting("PGLITE_WASM_COMPILER", ["baseline", "optimizing"], "baseline"),
    pdfJobTimeoutMs: Math.ceil(numberSetting("PDF_JOB_TIMEOUT_SECONDS", 60) * 1000),
    maxPdfPages: integerSetting("MAX_PDF_PAGES", 2000),
    maxPdfStreamBytes: Math.floor(numberSetting("MAX_PDF_STREAM_MB", 100) * 1024 * 1024),
    maxPdfDecodedBytes: Math.floor(numberSetting("MAX_PDF_DECODED_MB", 1024) * 1024 * 1024),
    publicUrl: (urlSetting("PUBLIC_URL") || `http://localhost:${port}`).replace(/\/$/, ""),
    callbackHttpHosts: (process.env.CALLBACK_HTTP_HOSTS ?? "")
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    accessTokenMinutes: integerSetting("ACCESS_TOKEN_MINUTES", 30, { min: 1, max: 24 * 60 }),
    smtpUrl: protocolUrlSetting("SMTP_URL", ["smtp:", "smtps:"]),
    mailFrom: process.env.MAIL_FROM || "Signet <no-reply@localhost>",
    supportEmail: (process.env.SUPPORT_EMAIL ?? "").trim(),
    supportPhone: (process.env.SUPPORT_PHONE ?? "").trim(),
    emailRetryLimit: integerSetting("EMAIL_RETRY_LIMIT", 6, { min: 0, max: 100 }),
    emailRetryDelaySeconds: integerSetting("EMAIL_RETRY_DELAY_SECONDS", 60),
    jobSchema: identifierSetting("JOB_SCHEMA", "pgboss"),
    retentionDays: integerSetting("RETENTION_DAYS", 90, { min: 1, max: 36500 }),
    sweepIntervalSeconds: integerSetting("SWEEP_INTERVAL_SECONDS", 60, { min: 1, max: 3600 }),
    signingGroupLockMinutes: integerSetting("SIGNING_GROUP_LOCK_MINUTES", 15, { min: 1, max: 24 * 60 }),
    callbackMaxAttempts: integerSetting("CALLBACK_MAX_ATTEMPTS", 10, { min: 1, max: 100 }),
    callbackRetryBaseSeconds: numberSetting("CALLBACK_RETRY_BASE_SECONDS", 170),
    callbackAllowPrivate: booleanSetting("CALLBACK_ALLOW_PRIVATE", false),
    callbackConnectTimeoutMs: Math.floor(numberSetting("CALLBACK_CONNECT_TIMEOUT_SECONDS", 5) * 1000),
    callbackResponseTimeoutMs: Math.floor(numberSetting("CALLBACK_RESPONSE_TIMEOUT_SECONDS", 10) * 1000),
    callbackConcurrency: integerSetting("CALLBACK_CONCURRENCY", 32, { min: 1, max: 1000 }),
    sealP12Path: process.env.SEAL_P12_PATH ? path.resolve(/* turbopackIgnore: true */ process.env.SEAL_P12_PATH) : "",
    sealP12Passphrase: process.env.SEAL_P12_PASSPHRASE ?? "",
    sealTsaUrl: urlSetting("SEAL_TSA_URL"),
    signInFailureDelayMs: integerSetting("SIGN_IN_FAILURE_DELAY_MS", 300, { min: 0, max: 60_000 }),
    fastTrackPerLinkPerHour: integerSetting("FAST_TRACK_PER_LINK_PER_HOUR", 60, { min: 1, max: 100_000 }),
    fastTrackPerAddressPerHour: integerSetting("FAST_TRACK_PER_ADDRESS_PER_HOUR", 10, { min: 1, max: 100_000 }),
    fastTrackPerAccountPerDay: integerSetting("FAST_TRACK_PER_ACCOUNT_PER_DAY", 500, { min: 1, max: 1_000_000 }),
    trustedProxies: process.env.TRUSTED_PROXIES ?? "loopback",
    s3: s3Settings(),
    logLevel: logLevelSetting(),
    esignApiUrl: urlSetting("ESIGN_API_URL").replace(/\/+$/, ""),
    authSecret: process.env.AUTH_SECRET ?? "",
    sms: smsSettings(),
  };
}

/** Read at call time so tests can change the environment between cases. */
export function config(): Config {
  return readConfig();
}

/**
 * Text messages (signer authentication by SMS, lib/esign/signing/authentication/sms.ts): Twilio's
 * Messages API, or any server speaking its protocol at TWILIO_API_URL. Kept as a block of its own,
 * read when needed; null (SMS refused with 422) until TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and
 * TWILIO_FROM_NUMBER are all set.
 */
export interface SmsSettings {
  accountSid: string;
  authToken: string;
  fromNumber: string;
  /** Base of the Messages API, no trailing slash: https://api.twilio.com unless a test points it at loopback. */
  apiUrl: string;
}

/** The SMS settings that are missing (empty when SMS can be sent). */
export function missingSmsSettings(): string[] {
  return ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER"].filter((name) => !(process.env[name] ?? "").trim());
}

/** Read with every other setting (readConfig), so a sender number or API address that cannot work stops the start. */
export function smsSettings(): SmsSettings | null {
  const apiUrl = (urlSetting("TWILIO_API_URL") || "https://api.twilio.com").replace(/\/+$/, "");
  const fromNumber = (process.env.TWILIO_FROM_NUMBER ?? "").trim();
  if (fromNumber && !/^\+[1-9]\d{6,14}$/.test(fromNumber)) throw new Error(`Setting TWILIO_FROM_NUMBER must be a phone number in E.164 form (+15005550006), got "${fromNumber}"`);
  if (missingSmsSettings().length > 0) return null;
  return { accountSid: process.env.TWILIO_ACCOUNT_SID!.trim(), authToken: process.env.TWILIO_AUTH_TOKEN!.trim(), fromNumber, apiUrl };
}
