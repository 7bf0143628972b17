import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { derivedKey } from "./server-secret";

describe("the server secret", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("given as base64: and DATA_DIR/secret.key's content, is that file's secret (an embedded instance moved to PostgreSQL keeps its keys)", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-secret-"));
    try {
      vi.stubEnv("DATA_DIR", dataDir);
      vi.stubEnv("DATABASE_URL", "");
      vi.stubEnv("SIGNET_SECRET", "");
      const fromFile = derivedKey("api-key-lookup");
      const fileContent = fs.readFileSync(path.join(dataDir, "secret.key"), "utf8");

      vi.stubEnv("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/moved");
      vi.stubEnv("SIGNET_SECRET", `base64:${fileContent}`);
      expect(derivedKey("api-key-lookup")).toEqual(fromFile);
      // The same text without the prefix is another secret.
      vi.stubEnv("SIGNET_SECRET", fileContent);
      expect(derivedKey("api-key-lookup")).not.toEqual(fromFile);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
