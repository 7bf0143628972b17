import { sql, type SQL } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow();

export const accounts = pgTable("accounts", {
  id: text().primaryKey(),
  name: text().notNull(),
  parentAccountId: text(),
  timezoneId: text().notNull().default("GMT"),
  language: text().notNull().default("en"),
  created: createdAt(),
  updated: createdAt(),
});

export const users = pgTable(
  "users",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    email: text().notNull(),
    firstName: text().notNull().default(""),
    lastName: text().notNull().default(""),
    company: text().notNull().default(""),
    title: text().notNull().default(""),
    phone: text().notNull().default(""),
    language: text().notNull().default("en"),
    /** The console's language the user chose (a shipped locale); null: their browser's. */
    consoleLanguage: text(),
    timezoneId: text().notNull().default("GMT"),
    passwordHash: text(),
    /** INVITED, ACTIVE, or DELETED (kept for the packages they own); a lock is per account, on the membership. */
    status: text().notNull().default("ACTIVE"),
    /** REGULAR or MANAGER. */
    type: text().notNull().default("REGULAR"),
    created: createdAt(),
    updated: createdAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(sql`lower(${t.email})`)],
);

/**
 * Which accounts a user belongs to. A user's home account is `users.accountId` (where they are a
 * sender); creating a sub account makes its creator a member (and owner) there too.
 */
export const accountMemberships = pgTable(
  "account_memberships",
  {
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    isOwner: boolean().notNull().default(false),
    /**
     * Deleted from this account while work was pending there (spec 3.5): the member reads but
     * cannot write in this account. Per membership, so their other accounts are untouched.
     */
    locked: boolean().notNull().default(false),
    created: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] }), index("account_memberships_user_idx").on(t.userId)],
);

/** Named sets of permissions (spec 2.7); the predefined ones are made with the account. */
export const accountRoles = pgTable(
  "account_roles",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    name: text().notNull(),
    description: text().notNull().default(""),
    enabled: boolean().notNull().default(true),
    permissions: jsonb().$type<string[]>().notNull().default([]),
    /** OWNER, MANAGER or SENDER for the predefined roles, which cannot be deleted; null otherwise. */
    predefined: text(),
    created: createdAt(),
    updated: createdAt(),
  },
  (t) => [index("account_roles_account_idx").on(t.accountId)],
);

export const userAccountRoles = pgTable(
  "user_account_roles",
  {
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    roleId: text()
      .notNull()
      .references(() => accountRoles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId, t.roleId] })],
);

/** The activation link of an invited sender: the token is stored encrypted (the owner can read the link) and found by its hash. */
export const senderInvitations = pgTable(
  "sender_invitations",
  {
    userId: text()
      .primaryKey()
      .references(() => users.id),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    lookupHash: text().notNull(),
    encryptedToken: text().notNull(),
    created: createdAt(),
    expires: timestamp({ withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [uniqueIndex("sender_invitations_lookup_hash_unique").on(t.lookupHash)],
);

export const groups = pgTable(
  "groups",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    name: text().notNull(),
    email: text().notNull(),
    emailMembers: boolean().notNull().default(true),
    created: createdAt(),
    updated: createdAt(),
  },
  (t) => [index("groups_account_idx").on(t.accountId)],
);

export const groupMembers = pgTable(
  "group_members",
  {
    groupId: text()
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id),
    /** REGULAR or MANAGER. */
    memberType: text().notNull().default("REGULAR"),
    created: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

/**
 * Sender delegation (the original's `…/senders/{id}/delegates`): the delegate sees and acts on the
 * delegator's packages in this account until `expiryDate` (none: until removed).
 */
export const senderDelegates = pgTable(
  "sender_delegates",
  {
    accountId: text().notNull(),
    delegatorId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    delegateId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiryDate: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
    created: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.delegatorId, t.delegateId] }), index("sender_delegates_delegate_idx").on(t.accountId, t.delegateId)],
);

/** One callback registration per account (spec 2.11); the key is kept encrypted, it is sent with each delivery. */
export const callbackRegistrations = pgTable("callback_registrations", {
  accountId: text()
    .primaryKey()
    .references(() => accounts.id),
  url: text().notNull(),
  encryptedKey: text(),
  events: jsonb().$type<string[]>().notNull().default([]),
  created: createdAt(),
  updated: createdAt(),
});

/**
 * The account's callback connectors (`/api/callback/connectors/{name}`): callbacks of their own,
 * each with its url, encrypted key and events, delivered beside the main registration.
 */
export const callbackConnectors = pgTable(
  "callback_connectors",
  {
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    name: text().notNull(),
    url: text().notNull(),
    encryptedKey: text(),
    events: jsonb().$type<string[]>().notNull().default([]),
    created: createdAt(),
    updated: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.name] })],
);

/** Client applications that exchange their secret for short-lived access tokens (spec 5). */
export const clientApps = pgTable(
  "client_apps",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    name: text().notNull(),
    secretHash: text().notNull(),
    createdByUserId: text()
      .notNull()
      .references(() => users.id),
    created: createdAt(),
    revoked: timestamp({ withTimezone: true, mode: "date" }),
  },
  (t) => [index("client_apps_account_idx").on(t.accountId)],
);

export const accessTokens = pgTable(
  "access_tokens",
  {
    lookupHash: text().primaryKey(),
    clientAppId: text()
      .notNull()
      .references(() => clientApps.id),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    expires: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    created: createdAt(),
  },
  (t) => [index("access_tokens_expires_idx").on(t.expires)],
);

/** Verification types (spec 2.5) the account has activated. */
export const verificationTypeActivations = pgTable(
  "verification_type_activations",
  {
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    typeId: text().notNull(),
    created: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.typeId] })],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    /** HMAC-SHA256 of the key under the server secret: how a presented key is found. */
    lookupHash: text().notNull(),
    /** AES-256-GCM of the key, so that an owner can read a sender's key back (spec 4.6). */
    encryptedKey: text().notNull(),
    /**
     * INTEGRATION: a key for programs (sign-up, invitation, sub account), the one the API hands
     * out and reads back; it stays until its user leaves. SIGN_IN: what a sign-in answers (by
     * password or by user authentication token), never read back, deleted by a password change or reset.
     * DESIGNER: an embedded designer session's key (redeeming a draft's sender authentication
     * token), acting only on `packageId` and the builder's reads (lib/api/designer-scope.ts), for
     * DESIGNER_KEY_HOURS; deleted with the sign-in keys.
     */
    kind: text().$type<"INTEGRATION" | "SIGN_IN" | "DESIGNER">().notNull().default("INTEGRATION"),
    /** The one package a DESIGNER key acts on; null for every other kind. */
    packageId: text(),
    /**
     * A sign-in key obtained with an access token (through a user authentication token): it works
     * only while that token does, and goes with it (its expiry, its client app's revocation).
     */
    accessTokenHash: text().references(() => accessTokens.lookupHash, { onDelete: "cascade" }),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex("api_keys_lookup_hash_unique").on(t.lookupHash),
    index("api_keys_user_idx").on(t.userId),
    // One password sign-in key per user and account, shared by their console sessions there.
    uniqueIndex("api_keys_sign_in_unique").on(t.userId, t.accountId).where(sql`${t.kind} = 'SIGN_IN' and ${t.accessTokenHash} is null`),
  ],
);

/**
 * Failed sign-ins with e-mail and password (`POST /api/signin`), counted per e-mail and per client
 * address to refuse guessing. Only the limit's window matters: older rows are deleted as new ones
 * are written, and a successful sign-in deletes its e-mail's rows.
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    /** As typed, lower-cased; whether or not such a user exists. */
    email: text().notNull(),
    ipAddress: text().notNull(),
    /** From the service's clock (lib/esign/clock.ts), not the database's. */
    created: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
  },
  (t) => [
    index("sign_in_failures_email_idx").on(t.email, t.created),
    index("sign_in_failures_ip_idx").on(t.ipAddress, t.created),
    index("sign_in_failures_created_idx").on(t.created),
  ],
);

/**
 * Packages made through fast track links (`POST /api/fastTrack`), counted per template, per client
 * address and per account to limit them (an anonymous caller makes e-mails go out in the account's
 * name). Only the longest window matters (a day): older rows are deleted as new ones are written.
 */
export const fastTrackStarts = pgTable(
  "fast_track_starts",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    accountId: text().notNull(),
    templateId: text().notNull(),
    ipAddress: text().notNull(),
    /** From the service's clock (lib/esign/clock.ts), not the database's. */
    created: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
  },
  (t) => [
    index("fast_track_starts_template_idx").on(t.templateId, t.created),
    index("fast_track_starts_ip_idx").on(t.ipAddress, t.created),
    index("fast_track_starts_account_idx").on(t.accountId, t.created),
    index("fast_track_starts_created_idx").on(t.created),
  ],
);

/** The columns `GET /api/packages` sorts by (lib/api/packages.ts LIST_SORTS). */
const LIST_SORT_COLUMNS = ["created", "updated", "name", "status", "due"] as const;

export const packages = pgTable(
  "packages",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    ownerUserId: text()
      .notNull()
      .references(() => users.id),
    /** PACKAGE or TEMPLATE. */
    type: text().notNull(),
    /** DRAFT, SENT, COMPLETED, ARCHIVED, DECLINED, OPTED_OUT, EXPIRED or DELETED. */
    status: text().notNull(),
    trashed: boolean().notNull().default(false),
    name: text().notNull(),
    description: text().notNull().default(""),
    emailMessage: text().notNull().default(""),
    language: text().notNull().default("en"),
    autocomplete: boolean().notNull().default(true),
    visibility: text().notNull().default("ACCOUNT"),
    timezoneId: text().notNull().default("GMT"),
    due: timestamp({ withTimezone: true, mode: "date" }),
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Free-form client data (`data` on the wire). */
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Conditional fields: `[{id, condition, action}]`, the Package's `conditions`. */
    conditions: jsonb().$type<{ id: string; condition: string; action: string }[]>().notNull().default([]),
    /** Document visibility: `[{documentUid, roleUids}]`, who sees a document listed (lib/esign/documents/document-visibility.ts). */
    documentVisibility: jsonb().$type<{ documentUid: string; roleUids: string[] }[]>().notNull().default([]),
    /** Notarization (issue 33): the notary, a sender of the account with a commission, signs the role `notaryRoleId` last. */
    notarized: boolean().notNull().default(false),
    notaryRoleId: text().notNull().default(""),
    created: createdAt(),
    updated: createdAt(),
    /** When the package was last sent (reminders count from here). */
    sent: timestamp({ withTimezone: true, mode: "date" }),
    completed: timestamp({ withTimezone: true, mode: "date" }),
    /** When retention removed the package's documents; the package stays as a record that says so. */
    purged: timestamp({ withTimezone: true, mode: "date" }),
    /** Completed, and a document still waits for its seal: set with the sealing job, cleared by the seal that stores the last one (or finds none to do). */
    awaitingSeal: boolean().notNull().default(false),
    /** The hosted session (`…/virtual-room/config`): `{video, videoRecording, startDatetime, hostUid}`; null when none is set. */
    virtualRoom: jsonb().$type<Record<string, unknown> | null>(),
  },
  (t) => [
    index("packages_owner_listing_idx").on(t.ownerUserId, t.type, t.updated),
    index("packages_account_listing_idx").on(t.accountId, t.type, t.updated),
    // The sender's folders (lib/esign/packages/list-packages.ts), one index per order of the API
    // (sort by created, updated, name, status or due, ascending or descending, ties by id
    // ascending): a page is then an index-only range of the folder, at any depth. Status is the
    // last key so status folders filter without reading the table; no folder shows DELETED.
    // Nulls (a `due` not set) where ORDER BY puts them: last ascending, first descending.
    ...LIST_SORT_COLUMNS.flatMap((column) => {
      const status = column === "status" ? [] : [t.status];
      const folder = sql`${t.type} = 'PACKAGE' and ${t.status} <> 'DELETED'`;
      return [
        index(`packages_list_${column}_asc_idx`).on(t.accountId, t.ownerUserId, t.trashed, t[column].asc().nullsLast(), t.id, ...status).where(folder),
        index(`packages_list_${column}_desc_idx`).on(t.accountId, t.ownerUserId, t.trashed, t[column].desc().nullsFirst(), t.id, ...status).where(folder),
      ];
    }),
    // The minute sweep (lib/esign/time-based): what may be due to expire, and what may be past
    // retention, each read from a range of its own index, so a sweep with nothing due costs the
    // same at any history.
    index("packages_sweep_expiry_idx").on(t.due).where(sql`${t.status} = 'SENT'`),
    index("packages_sweep_retention_idx").on(t.completed).where(sql`${t.status} in ('COMPLETED', 'ARCHIVED') and ${t.purged} is null`),
    index("packages_sweep_awaiting_seal_idx").on(t.completed).where(sql`${t.awaitingSeal}`),
  ],
);

/**
 * How many packages each sender has per type, status, trash flag and visibility: the folders'
 * counts without counting. Kept by statement triggers on `packages` (migration 0012) in the
 * writing transaction, as rows of changes that are only ever inserted (no row is updated, so
 * writers never wait for each other); a folder's count is the sum of its rows, and
 * `compactPackageCounts` folds them from time to time. `changes` counts the writes that moved a
 * package within or across the owner's lists (its order or folder changed); nothing reads it since
 * deep pages come from package_list_buckets.
 */
export const packageCounts = pgTable(
  "package_counts",
  {
    accountId: text().notNull(),
    ownerUserId: text().notNull(),
    type: text().notNull(),
    status: text().notNull(),
    trashed: boolean().notNull(),
    visibility: text().notNull(),
    packages: integer().notNull(),
    changes: bigint({ mode: "number" }).notNull(),
  },
  (t) => [index("package_counts_scope_idx").on(t.accountId, t.type, t.ownerUserId)],
);

/**
 * Deep list pages (lib/esign/packages/list-buckets.ts): each order of a sender's packages (one
 * `list_order` per sort column and direction, in the trash or not) cut into buckets of about a
 * thousand packages, each with its first sort key and how many packages of each status it holds
 * from there to the next bucket's key. Shared by every instance; built on the first deep page of
 * an order, then kept exact by folding `package_list_changes` into it.
 */
export const packageListBuckets = pgTable(
  "package_list_buckets",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    accountId: text().notNull(),
    ownerUserId: text().notNull(),
    trashed: boolean().notNull(),
    /** The sort column and direction, e.g. `name asc`. */
    listOrder: text().notNull(),
    /** The bucket's first key: `lowerTime` for created, updated and due (null: no due date), `lowerText` for name and status. */
    lowerTime: timestamp({ withTimezone: true, mode: "string" }),
    lowerText: text(),
    lowerId: text().notNull(),
    draft: integer().notNull().default(0),
    sent: integer().notNull().default(0),
    completed: integer().notNull().default(0),
    archived: integer().notNull().default(0),
    declined: integer().notNull().default(0),
    optedOut: integer().notNull().default(0),
    expired: integer().notNull().default(0),
  },
  (t) => [index("package_list_buckets_scope_idx").on(t.accountId, t.ownerUserId, t.trashed, t.listOrder)],
);

/**
 * The listed packages' moves not yet folded into the buckets: a row per package leaving a list
 * position (-1) or taking one (+1), written by statement triggers on `packages` (migration 0034)
 * in the writing transaction, insert-only like package_counts, so writers never wait on a bucket.
 * Readers add them to the buckets; folding (under the scope's row in `package_list_scopes`)
 * deletes them.
 */
export const packageListChanges = pgTable(
  "package_list_changes",
  {
    accountId: text().notNull(),
    ownerUserId: text().notNull(),
    trashed: boolean().notNull(),
    status: text().notNull(),
    name: text().notNull(),
    created: timestamp({ withTimezone: true, mode: "string" }).notNull(),
    updated: timestamp({ withTimezone: true, mode: "string" }).notNull(),
    due: timestamp({ withTimezone: true, mode: "string" }),
    packageId: text().notNull(),
    change: smallint().notNull(),
  },
  (t) => [index("package_list_changes_scope_idx").on(t.accountId, t.ownerUserId, t.trashed)],
);

/** One row per bucketed list scope: folds of a scope update it first, so two never run at once. */
export const packageListScopes = pgTable(
  "package_list_scopes",
  {
    accountId: text().notNull(),
    ownerUserId: text().notNull(),
    trashed: boolean().notNull(),
    folds: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.ownerUserId, t.trashed] })],
);

/**
 * Each package as list pages answer it, as JSON text (lib/esign/packages/list-texts.ts): the text
 * before its `sender` member (`head`) and after it (`tail`); the sender is joined in as it is when
 * read. Written by a list page that had to build it; read back only while `versions` is still what
 * the package's rows are (the transaction ids that wrote the package's row, its roles and its
 * documents, so any change to them, by whatever path, leaves the text unread), and while `format`
 * names the code and schema that built them. A cache in the database: shared by every instance,
 * not copied by the move or the backup (lib/operations/tables.ts), built again when read.
 */
export const packageListTexts = pgTable("package_list_texts", {
  /** A package's id; no foreign key (list-texts.ts, storeListTexts). */
  packageId: text().primaryKey(),
  versions: text().notNull(),
  format: text().notNull(),
  head: text().notNull(),
  tail: text().notNull(),
});

/**
 * A signer whose security answers are stored as given (from before answers were hashed): the
 * predicate of package_roles_plain_answers_idx, and the start's search for them
 * (hash-stored-answers.ts) in the same expression, so the planner reads that index.
 */
export const holdsPlainAnswer = (signer: AnyPgColumn): SQL => sql`jsonb_path_exists(${signer}, '$.auth.challenges[*].answer')`;

export const roles = pgTable(
  "package_roles",
  {
    packageId: text()
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    id: text().notNull(),
    /** Insertion order, for a stable listing. */
    position: integer().notNull(),
    index: integer().notNull().default(0),
    /** SIGNER or SENDER. */
    type: text().notNull().default("SIGNER"),
    /**
     * Whether the role takes part in signing: every SIGNER role; the SENDER role when the sender
     * signs (it was given as a role, by the id `Owner` or the sender's e-mail, or holds approvals).
     */
    signs: boolean().notNull().default(true),
    name: text().notNull().default(""),
    emailMessage: text().notNull().default(""),
    reassign: boolean().notNull().default(false),
    locked: boolean().notNull().default(false),
    /** The role's one signer as on the wire (absent for template placeholders). */
    signer: jsonb().$type<Record<string, unknown> | null>(),
    /** The signer's e-mail in lower case, for inbox queries. */
    signerEmail: text(),
    /**
     * The role's package is out for signing (SENT, not trashed): kept by triggers on packages and
     * package_roles (drizzle/0030_inbox_awaiting_roles.sql), so the inbox reads the roles that
     * await someone, not every role they ever held.
     */
    awaiting: boolean().notNull().default(false),
    attachmentRequirements: jsonb().$type<unknown[]>().notNull().default([]),
    /** The external verification attached to the signer (spec 2.5): `{typeId, payload}`. */
    verification: jsonb().$type<{ typeId: string; payload: string } | null>(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** When the role was added, and when it (its signer) last changed: the Signer's `created` and `updated`. */
    created: createdAt(),
    updated: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.id] }),
    // The inbox: a person's signing roles in packages out for signing, by e-mail; what they
    // signed long ago (completed, declined, trashed) is not in it, so its size follows what awaits.
    index("package_roles_awaiting_email_idx").on(t.signerEmail).where(sql`${t.signs} and ${t.awaiting}`),
    // The inbox of a group's members: the signer roles a group holds in packages out for signing.
    index("package_roles_awaiting_group_idx").on(sql`((${t.signer} -> 'group') ->> 'id')`).where(sql`${t.type} = 'SIGNER' and ${t.awaiting}`),
    // Security answers still stored as given (from before answers were hashed): each start looks
    // for them (hash-stored-answers.ts) in this index, empty once they are hashed, not in every role.
    index("package_roles_plain_answers_idx").on(t.packageId, t.id).where(holdsPlainAnswer(t.signer)),
  ],
);

export const documents = pgTable(
  "package_documents",
  {
    packageId: text()
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    id: text().notNull(),
    position: integer().notNull(),
    index: integer().notNull().default(0),
    name: text().notNull(),
    description: text().notNull().default(""),
    /** SHA-256 of the uploaded file in the blob store; null for the consent document. */
    blobSha256: text(),
    /** SHA-256 of the sealed (signed) PDF once the package is complete. */
    sealedBlobSha256: text(),
    /**
     * SHA-256 of the upload with its form fields flattened (what /pdf answers before completion),
     * made by the first /pdf and kept while `blobSha256` is the same; the upload's own when it has
     * no form fields. Null until then, and whenever `blobSha256` changes.
     */
    flattenedBlobSha256: text(),
    fileName: text().notNull().default(""),
    size: integer().notNull().default(0),
    /** Page sizes in PDF points as displayed: [{index, width, height}]. */
    pages: jsonb().$type<{ index: number; width: number; height: number }[]>().notNull().default([]),
    extract: boolean().notNull().default(false),
    extractionTypes: jsonb().$type<string[]>().notNull().default([]),
    /** A Tagged PDF, structured for accessible reading (the Document's `tagged`; see inspectPdf). */
    tagged: boolean().notNull().default(false),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.id] })],
);

export const approvals = pgTable(
  "approvals",
  {
    packageId: text()
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    documentId: text().notNull(),
    id: text().notNull(),
    position: integer().notNull(),
    roleId: text().notNull(),
    name: text().notNull().default(""),
    optional: boolean().notNull().default(false),
    enforceCaptureSignature: boolean().notNull().default(false),
    /** The SDKs' "from file" signature: kept and answered (the ceremony does not apply a stored image yet). */
    fromFile: boolean().notNull().default(false),
    /** The sender turned this signature off: shown to the signer, never signed, never awaited. */
    disabled: boolean().notNull().default(false),
    tooltip: text().notNull().default(""),
    accepted: timestamp({ withTimezone: true, mode: "date" }),
    signed: timestamp({ withTimezone: true, mode: "date" }),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.packageId, t.documentId, t.id] }),
    index("approvals_role_idx").on(t.packageId, t.roleId),
  ],
);

export const fields = pgTable(
  "fields",
  {
    packageId: text()
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    documentId: text().notNull(),
    approvalId: text().notNull(),
    id: text().notNull(),
    position: integer().notNull(),
    /** SIGNATURE or INPUT. */
    type: text().notNull(),
    subtype: text().notNull(),
    name: text().notNull().default(""),
    /** 0-based page index; top, left, width, height in PDF points from the page's top-left. */
    page: integer().notNull(),
    top: doublePrecision().notNull(),
    left: doublePrecision().notNull(),
    width: doublePrecision().notNull(),
    height: doublePrecision().notNull(),
    /** Null when none was given: the wire round-trips it (an unchecked box reads back `null`). */
    value: text(),
    binding: text(),
    validation: jsonb().$type<Record<string, unknown> | null>(),
    extract: boolean().notNull().default(false),
    /** The size the value is stamped at, in points; null: fitted to the field. */
    fontSize: integer(),
    tooltip: text().notNull().default(""),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.documentId, t.approvalId, t.id] })],
);

export const reminderSchedules = pgTable("reminder_schedules", {
  packageId: text()
    .primaryKey()
    .references(() => packages.id, { onDelete: "cascade" }),
  startInDaysDelay: integer().notNull(),
  intervalInDays: integer().notNull(),
  repetitionsCount: integer().notNull(),
  created: createdAt(),
  updated: createdAt(),
});

export const reminders = pgTable(
  "reminders",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    packageId: text()
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    /** When the reminder is (or was) due. */
    date: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    sentDate: timestamp({ withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("reminders_package_idx").on(t.packageId, t.date),
    // The sweep's due reminders: only pending ones (a package leaving SENT deletes its pending reminders).
    index("reminders_pending_idx").on(t.date).where(sql`${t.sentDate} is null`),
  ],
);

/** The audit trail: one row per change, written in the transaction that made the change. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    accountId: text().notNull(),
    packageId: text(),
    /** A spec event name (PACKAGE_CREATE, ...) or an audit-only name (DOCUMENT_ADD, ...). */
    name: text().notNull(),
    sessionUser: text().notNull(),
    documentId: text(),
    message: text(),
    newRoleId: text(),
    ipAddress: text(),
    /** The browser of a signer's action (evidence summary); null for API calls. */
    userAgent: text(),
    /** The sender a delegate acted for (sender_delegates): the package's owner, whose delegate did this. */
    onBehalfOf: text(),
    created: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
  },
  (t) => [
    index("audit_events_package_idx").on(t.packageId, t.id),
    // The delegation report: what delegates did on senders' behalf, few among all events.
    index("audit_events_on_behalf_idx").on(t.accountId, t.onBehalfOf, t.created).where(sql`${t.onBehalfOf} is not null`),
  ],
);

/**
 * Document bytes when the service runs on a PostgreSQL server (shared by every instance): one row
 * per blob, its bytes in `blob_chunks`.
 */
export const blobs = pgTable("blobs", {
  sha256: text().primaryKey(),
  size: integer().notNull(),
  created: createdAt(),
});

/**
 * Blobs a request is about to store outside the database (files, S3) ahead of the transaction
 * that will refer to them (lib/esign/storage/blob-write-intents.ts): until `expires`, no deleter
 * removes those bytes, and the transaction refers to them only while its intent stands.
 */
export const blobWriteIntents = pgTable(
  "blob_write_intents",
  {
    id: text().primaryKey(),
    sha256: text().notNull(),
    expires: timestamp({ withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("blob_write_intents_sha256_idx").on(t.sha256)],
);

/**
 * A blob's bytes in pieces of BLOB_CHUNK_BYTES (1 MiB; the last one shorter): piece `index`
 * holds bytes index × 1 MiB onwards. A download reads one piece at a time, and a range only the
 * pieces it covers, so that no request holds a whole document in memory (a bytea arrives whole).
 * `content` is stored without PostgreSQL's compression (STORAGE EXTERNAL, set in migration 0037:
 * Drizzle cannot declare it), which PDFs do not gain from.
 */
export const blobChunks = pgTable(
  "blob_chunks",
  {
    sha256: text()
      .notNull()
      .references(() => blobs.sha256, { onDelete: "cascade" }),
    index: integer().notNull(),
    content: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.sha256, t.index] })],
);

/**
 * Every e-mail the service sends, written in the transaction that causes it (a `send-email` job is
 * queued beside it). Status: QUEUED, then SENT (SMTP accepted it), KEPT (no SMTP_URL: the outbox
 * is the delivery), BOUNCED (permanent refusal) or FAILED (temporary failures until the last retry).
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: text().primaryKey(),
    /** Null only for a message about no account yet: a sign-up's confirmation link. */
    accountId: text().references(() => accounts.id),
    packageId: text(),
    kind: text().notNull(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    status: text().notNull().default("QUEUED"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    created: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
    sentAt: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
  },
  (t) => [
    index("outbox_messages_account_idx").on(t.accountId, t.created),
    // The sweep for messages whose sending was interrupted reads only these.
    index("outbox_messages_queued_idx").on(t.created).where(sql`${t.status} = 'QUEUED'`),
  ],
);

/**
 * One callback notification of one audit event to the account's destination, written in the
 * transaction of the event (transactional outbox) with its `deliver-callback` job. Status: PENDING
 * (waiting, being tried or behind an earlier event of its package), DELIVERED (a 2xx answer),
 * FAILED (every attempt failed; the owner is e-mailed) or CANCELLED (the registration was removed
 * or changed). `leaseUntil` lets one worker at a time send it.
 */
export const callbackDeliveries = pgTable(
  "callback_deliveries",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    /** The audit event (audit_events.id): its order is the order events happened. */
    eventId: bigint({ mode: "number" }).notNull(),
    eventName: text().notNull(),
    packageId: text(),
    /** The connector it goes to (callback_connectors.name); empty for the main registration. Each destination keeps its own order. */
    connector: text().notNull().default(""),
    url: text().notNull(),
    status: text().notNull().default("PENDING"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
    leaseUntil: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
    lastStatusCode: integer(),
    lastError: text(),
    created: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
    deliveredAt: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
  },
  (t) => [
    index("callback_deliveries_account_idx").on(t.accountId, t.created),
    index("callback_deliveries_package_idx").on(t.accountId, t.packageId, t.connector, t.status, t.eventId),
    // The sweep for stalled deliveries reads only these.
    index("callback_deliveries_pending_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
  ],
);

/** Every HTTP attempt of a callback delivery: when, the answer's status (none on a network error), how long, what came back. */
export const callbackAttempts = pgTable(
  "callback_attempts",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    deliveryId: text()
      .notNull()
      .references(() => callbackDeliveries.id),
    attemptedAt: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
    statusCode: integer(),
    latencyMs: integer().notNull(),
    error: text(),
    /** At most 1 KB of the response body. */
    responseExcerpt: text(),
  },
  (t) => [index("callback_attempts_delivery_idx").on(t.deliveryId, t.id)],
);

/**
 * A way into the signing ceremony for one role of a SENT package, found by the SHA-256 of its
 * random token (the token itself is only ever in the link or the answer that made it). INVITATION
 * links are e-mailed (one per member for a group signer, so the service knows who opened it);
 * MULTI_USE and SINGLE_USE come from the signer authentication token API and `signingUrl`. A
 * link works only while the package is SENT and the role has not finished.
 */
export const signingLinks = pgTable(
  "signing_links",
  {
    id: text().primaryKey(),
    packageId: text()
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    roleId: text().notNull(),
    /** INVITATION, MULTI_USE, SINGLE_USE, HOST (a sender authentication token hosting an in-person ceremony) or COPY (a signer's download of the sealed documents). */
    kind: text().notNull(),
    /** The group member the link was sent to; null for a signer who is a person. */
    memberEmail: text(),
    /** The sender a HOST link was made for. */
    hostUserId: text(),
    tokenHash: text().notNull(),
    created: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
    /** When a SINGLE_USE link was redeemed. */
    usedAt: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
    /**
     * When the sender cancelled the signing the link was for (the package taken back to draft): it
     * no longer opens anything, and whoever opens it reads that, with `cancelReason`, the sender's
     * reason (null when none was given), in their language.
     */
    cancelled: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
    cancelReason: text(),
  },
  (t) => [uniqueIndex("signing_links_token_idx").on(t.tokenHash), index("signing_links_role_idx").on(t.packageId, t.roleId)],
);

/**
 * A user authentication token (`POST /api/authenticationTokens/user`): single use, within
 * USER_TOKEN_MINUTES, it signs its user in to the console in the account it was made in
 * (`/auth?authenticationToken=`), or, with `packageId`, to that draft's designer
 * (`/auth?senderAuthenticationToken=`). Kept only as its hash.
 */
export const userAuthenticationTokens = pgTable(
  "user_authentication_tokens",
  {
    tokenHash: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Issued to an access token: what it signs in to works only while that token does (api_keys.accessTokenHash). */
    accessTokenHash: text().references(() => accessTokens.lookupHash, { onDelete: "cascade" }),
    /**
     * A sender authentication token for a DRAFT (`POST /api/authenticationTokens/sender`): it signs the
     * package's sender in to the console's builder of this one package only (the embedded designer).
     * Such a token is never a plain sign-in (`/api/signin/authenticationToken` refuses it).
     */
    packageId: text().references(() => packages.id, { onDelete: "cascade" }),
    created: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
  },
  (t) => [index("user_authentication_tokens_created_idx").on(t.created)],
);

/**
 * A signer's session in the ceremony, opened by redeeming a link; its token lives in an
 * http-only cookie and here only as a hash. `hostUserId` is the sender hosting an in-person
 * ceremony on their device.
 */
export const signingSessions = pgTable(
  "signing_sessions",
  {
    id: text().primaryKey(),
    tokenHash: text().notNull(),
    packageId: text()
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    roleId: text().notNull(),
    memberEmail: text(),
    hostUserId: text(),
    ipAddress: text(),
    userAgent: text(),
    created: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
    expires: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
  },
  (t) => [uniqueIndex("signing_sessions_token_idx").on(t.tokenHash), index("signing_sessions_role_idx").on(t.packageId, t.roleId)],
);

/**
 * Where each signing role of a SENT package stands: notified (its turn came and its invitation
 * went out), verified (spec 2.5), completed (SIGNER_COMPLETE), who signed (a group member signs
 * for the group), the group lock (first come, first served, until `lockedUntil`), and the e-mail
 * one-time code (hash, expiry, failed attempts; `signerLocked` after too many, until the sender
 * unlocks). Rows are made when the package is sent and dropped when it returns to DRAFT.
 */
export const roleSigningStates = pgTable(
  "role_signing_states",
  {
    packageId: text()
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    roleId: text().notNull(),
    notified: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
    consentAccepted: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
    verified: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
    completed: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
    signedByEmail: text(),
    signedByName: text(),
    lockedByEmail: text(),
    lockedByName: text(),
    lockedUntil: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
    otpHash: text(),
    otpExpires: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
    otpFailedAttempts: integer().notNull().default(0),
    signerLocked: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
    /** When the signer passed their own authentication (`auth`: CHALLENGE or SMS); null until then. */
    /** QASMS: when the signer answered their questions (the texted code comes next). */
    answersPassed: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
    authenticated: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
    /** When the sender last had the signing link texted to the signer (`…/sms_notification`): the resend wait counts from it. */
    linkTexted: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.roleId] })],
);

/**
 * How an approval was signed: a typed name (FULLNAME, INITIALS: the text, in a signature font) or
 * an image drawn or uploaded (CAPTURE: the PNG in the blob store), by whom (a group member for a group), when and
 * from where. Input field values are kept in `fields.value`.
 */
export const approvalSignatures = pgTable(
  "approval_signatures",
  {
    packageId: text()
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    documentId: text().notNull(),
    approvalId: text().notNull(),
    roleId: text().notNull(),
    /** FULLNAME, INITIALS, CAPTURE, or ACCEPT for an acceptance (no signature field). */
    kind: text().notNull(),
    text: text(),
    /** The signature font a typed signature was given in (signature-fonts.ts); null: the seal's own font. */
    font: text(),
    imageSha256: text(),
    /** Whether the image was uploaded rather than drawn on the pad. */
    imageUploaded: boolean().notNull().default(false),
    signerName: text().notNull(),
    signerEmail: text().notNull(),
    signedAt: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    /** How it was signed: CEREMONY (the signing pages), or API (`POST …/documents/signed_documents`, from `ipAddress`). */
    means: text().notNull().default("CEREMONY"),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.documentId, t.approvalId] })],
);

/**
 * A file a signer uploaded for one of their role's attachment requirements (spec: PACKAGE_ATTACHMENT).
 * The bytes live in the blob store; the requirement's status stays in the role's
 * `attachmentRequirements`.
 */
/** Signer attachment files are numbered from one sequence: the SDKs read a file's id as an integer. */
export const signerAttachmentFileIds = pgSequence("signer_attachment_file_ids");

export const signerAttachmentFiles = pgTable(
  "signer_attachment_files",
  {
    id: text()
      .primaryKey()
      .default(sql`nextval('signer_attachment_file_ids')::text`),
    packageId: text()
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    roleId: text().notNull(),
    requirementId: text().notNull(),
    name: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    blobSha256: text(),
    uploadedByName: text().notNull(),
    uploadedByEmail: text().notNull(),
    uploaded: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
  },
  (t) => [index("signer_attachment_files_requirement_idx").on(t.packageId, t.roleId, t.requirementId)],
);

/**
 * An account's settings, one row per named document (`packageSettings`, `featureSettings`,
 * `handoverUrl/fr`, `declineReasons/en`, `dataManagementPolicy`, …): what the original service
 * keeps under /api/account/admin/accountSettings, /api/accountConfig and
 * /api/dataRetentionSettings. lib/esign/account-settings names them and gives each its defaults.
 */
export const accountSettings = pgTable(
  "account_settings",
  {
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    value: jsonb().$type<unknown>().notNull(),
    updated: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.name] })],
);

/** The account's custom fields: values a sender keeps (`user_custom_fields`) and fields of subtype CUSTOMFIELD show. */
export const customFields = pgTable(
  "custom_fields",
  {
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    id: text().notNull(),
    /** The default value, used where a sender has none of their own. */
    value: text().notNull().default(""),
    required: boolean().notNull().default(false),
    /** `[{language, name, description}]`. */
    translations: jsonb().$type<{ language: string; name: string; description: string }[]>().notNull().default([]),
    created: createdAt(),
    updated: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] })],
);

/**
 * A sender's own value of a custom field of the account. It outlives the custom field (as on the
 * original service, whose SDK reads a value back after deleting its field) until the sender
 * removes it.
 */
export const userCustomFields = pgTable(
  "user_custom_fields",
  {
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    id: text().notNull(),
    value: text().notNull().default(""),
    updated: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId, t.id] })],
);

/** A sender's signature image, stamped where they sign as the package's `Owner`. */
export const senderSignatureImages = pgTable("sender_signature_images", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  fileName: text().notNull(),
  mediaType: text().notNull(),
  content: bytea().notNull(),
  updated: createdAt(),
});

/** A sender's notary commission (the original's NotaryCommission): what their seal on a notarized document says. */
export const notaryCommissions = pgTable("notary_commissions", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text().notNull().default(""),
  number: integer().notNull(),
  jurisdiction: text().notNull(),
  country: text().notNull().default(""),
  expirationDate: timestamp({ withTimezone: true, mode: "date" }).notNull(),
  updated: createdAt(),
});

/**
 * The notary journal: one entry per signer and document of each notarized signing, written when
 * the notary completes their step; numbered per notary (`sequenceNumber`, from 1).
 */
export const notaryJournalEntries = pgTable(
  "notary_journal_entries",
  {
    notaryUserId: text()
      .notNull()
      .references(() => users.id),
    sequenceNumber: integer().notNull(),
    accountId: text().notNull(),
    packageId: text().notNull(),
    packageName: text().notNull(),
    documentId: text().notNull(),
    documentName: text().notNull(),
    documentType: text().notNull().default("PDF"),
    signerName: text().notNull(),
    signerEmail: text().notNull(),
    signatureType: text().notNull(),
    idType: text().notNull().default(""),
    idValue: text().notNull().default(""),
    jurisdiction: text().notNull(),
    comment: text().notNull().default(""),
    created: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.notaryUserId, t.sequenceNumber] })],
);

/** Files the sender adds to a package for the record (OneSpan's supporting documents), numbered per package. */
export const supportingDocuments = pgTable(
  "supporting_documents",
  {
    packageId: text()
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    id: integer().notNull(),
    name: text().notNull(),
    mediaType: text().notNull(),
    size: integer().notNull(),
    blobSha256: text().notNull(),
    created: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.id] })],
);


/**
 * The console's signed-in sessions (not the service's: with ESIGN_API_URL elsewhere the console
 * still keeps them in this application's database, so `userId` is the id the service answers and
 * refers to no row here). The session cookie carries the id; a cookie whose row is gone (signed
 * out, revoked by a password change or reset) or past `expires` no longer works.
 */
export const consoleSessions = pgTable(
  "console_sessions",
  {
    id: text().primaryKey(),
    userId: text().notNull(),
    created: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
    lastSeen: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
    /** Moves forward with use, as the cookie's own expiry does. */
    expires: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
  },
  (t) => [index("console_sessions_user_idx").on(t.userId), index("console_sessions_expires_idx").on(t.expires)],
);

/** A password reset link (`POST /api/signin/passwordReset`): single use until `expires`, kept only as its hash. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    created: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
    expires: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId), index("password_reset_tokens_expires_idx").on(t.expires)],
);

/**
 * Password reset requests, counted per e-mail (lower-cased, whether or not such a user exists) and
 * per client address to limit them; rows older than the window are deleted as new ones come.
 */
export const passwordResetRequests = pgTable(
  "password_reset_requests",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    email: text().notNull(),
    ipAddress: text().notNull(),
    created: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
  },
  (t) => [
    index("password_reset_requests_email_idx").on(t.email, t.created),
    index("password_reset_requests_ip_idx").on(t.ipAddress, t.created),
    index("password_reset_requests_created_idx").on(t.created),
  ],
);

/**
 * A sign-up waiting for its e-mail to be confirmed (only when the service can send e-mail): what
 * the account will be made of, the password already hashed, and the hash of the e-mailed link's
 * single-use token. Confirming, with the password given at sign-up, creates the account and marks
 * the row used; expired rows are deleted as new sign-ups come.
 */
export const pendingSignUps = pgTable(
  "pending_sign_ups",
  {
    tokenHash: text().primaryKey(),
    email: text().notNull(),
    accountName: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    passwordHash: text().notNull(),
    /** Confirmations tried with this link, counted before their password is checked; past the limit the link is void. */
    passwordAttempts: integer().notNull().default(0),
    created: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
    expires: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
    usedAt: timestamp({ withTimezone: true, mode: "date", precision: 3 }),
  },
  (t) => [index("pending_sign_ups_expires_idx").on(t.expires)],
);

/**
 * Sign-up requests that sent an e-mail, counted per e-mail (lower-cased) and client address and
 * per client address to limit them; rows older than the window are deleted as new ones come.
 */
export const signUpRequests = pgTable(
  "sign_up_requests",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    email: text().notNull(),
    ipAddress: text().notNull(),
    created: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
  },
  (t) => [
    index("sign_up_requests_email_idx").on(t.email, t.created),
    index("sign_up_requests_ip_idx").on(t.ipAddress, t.created),
    index("sign_up_requests_created_idx").on(t.created),
  ],
);

/**
 * The last successful run of each scheduled job (the minute sweep), shared by every instance:
 * `GET /api/health` reads it to tell whether time-based work (expiry, reminders, retention) is
 * still happening anywhere.
 */
export const scheduledJobRuns = pgTable("scheduled_job_runs", {
  name: text().primaryKey(),
  lastSuccess: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
});

/**
 * A seal running now: one row per package while a `seal-package` run works on it, `holder` naming
 * that run (its instance and a random part), which pushes `until` forward every few seconds while
 * it works and deletes the row when it stores the seal or fails. A row whose `until` has passed
 * was left by an instance that died mid-seal: any instance queues the seal again at once (a
 * PGlite instance does so at start for every row, as it is the data folder's only process), and
 * sets `holder` null meanwhile (queued, any run may take it). Times are the database's own clock.
 */
export const sealLeases = pgTable("seal_leases", {
  packageId: text()
    .primaryKey()
    .references(() => packages.id, { onDelete: "cascade" }),
  holder: text(),
  until: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
  started: timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull(),
});
