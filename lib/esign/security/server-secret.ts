import { hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";

/**
 * The one server secret everything else is derived from: SIGNET_SECRET when set (required with a
 * PostgreSQL server, which several instances share), else a random secret created on first start
 * in DATA_DIR/secret.key. `SIGNET_SECRET=base64:<DATA_DIR/secret.key's content>` is that file's
 * secret (its bytes are not text): an embedded instance moved to PostgreSQL keeps its keys with it.
 */
let cached: { source: string; secret: Buffer } | undefined;

export function serverSecret(): Buffer {
  const { secret, dataDir, databaseUrl } = config();
  if (!secret && databaseUrl.startsWith("postgres")) {
    throw new Error(
      "SIGNET_SECRET must be set when DATABASE_URL points at a PostgreSQL server: every instance " +
        "must derive the same API key encryption and lookup keys from it.",
    );
  }
  const source = secret ? `env:${secret}` : `file:${dataDir}`;
  if (cached?.source === source) return cached.secret;
  let value: Buffer;
  if (secret) {
    value = secret.startsWith("base64:") ? Buffer.from(secret.slice("base64:".length), "base64") : Buffer.from(secret, "utf8");
  } else {
    const file = path.join(dataDir, "secret.key");
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString("base64"), { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    value = Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
  }
  cached = { source, secret: value };
  return value;
}

/** Derived keys of the current secret, by purpose: every API request needs the lookup key. */
const derivedKeys = new WeakMap<Buffer, Map<string, Buffer>>();

/** A 32-byte key for one purpose, so that no two uses share key material. */
export function derivedKey(purpose: string): Buffer {
  const secret = serverSecret();
  let keys = derivedKeys.get(secret);
  if (!keys) derivedKeys.set(secret, (keys = new Map()));
  let key = keys.get(purpose);
  if (!key) keys.set(purpose, (key = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), `signet:${purpose}`, 32))));
  return key;
}
