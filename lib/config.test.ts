import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readConfig } from "./config";

const S3_NAMES = ["S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE", "S3_PREFIX"];
afterEach(() => {
  for (const name of [...S3_NAMES, "PGLITE_WASM_COMPILER", "SEAL_TSA_URL", "ESIGN_API_URL"]) delete process.env[name];
});

describe("the S3 settings", () => {
  it("are off without S3_BUCKET, whatever else is set", () => {
    process.env.S3_ENDPOINT = "http://127.0.0.1:9000";
    expect(readConfig().s3).toBeNull();
  });

  it("address a server of one's own path-style, for Amazon S3 virtual-hosted, unless told otherwise", () => {
    process.env.S3_BUCKET = "documents";
    expect(readConfig().s3).toEqual({ bucket: "documents", endpoint: "", region: "us-east-1", accessKeyId: "", secretAccessKey: "", forcePathStyle: false, prefix: "blobs/" });
    process.env.S3_ENDPOINT = "http://127.0.0.1:9000/";
    expect(readConfig().s3).toMatchObject({ endpoint: "http://127.0.0.1:9000", forcePathStyle: true });
    process.env.S3_FORCE_PATH_STYLE = "false";
    expect(readConfig().s3?.forcePathStyle).toBe(false);
  });

  it("end the prefix with a slash, and take the key and its secret together", () => {
    process.env.S3_BUCKET = "documents";
    process.env.S3_PREFIX = "/signet/blobs";
    expect(readConfig().s3?.prefix).toBe("signet/blobs/");
    process.env.S3_ACCESS_KEY_ID = "AKIA";
    expect(() => readConfig()).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
  });
});

describe("the embedded database's WebAssembly compiler", () => {
  it("is the baseline compiler unless the optimizing one is asked for by name", () => {
    expect(readConfig().pgliteWasmCompiler).toBe("baseline");
    process.env.PGLITE_WASM_COMPILER = "optimizing";
    expect(readConfig().pgliteWasmCompiler).toBe("optimizing");
    process.env.PGLITE_WASM_COMPILER = "turbofan";
    expect(() => readConfig()).toThrow(/PGLITE_WASM_COMPILER must be one of baseline, optimizing, got "turbofan"/);
  });
});

describe("the seal's time-stamping authority", () => {
  it("is none unless SEAL_TSA_URL is set, and only an http or https URL", () => {
    expect(readConfig().sealTsaUrl).toBe("");
    process.env.SEAL_TSA_URL = " https://tsa.example.com/tsr ";
    expect(readConfig().sealTsaUrl).toBe("https://tsa.example.com/tsr");
    process.env.SEAL_TSA_URL = "tsa.example.com";
    expect(() => readConfig()).toThrow(/SEAL_TSA_URL must be an http or https URL, got "tsa.example.com"/);
  });
});

describe("the console's e-signature API", () => {
  it("is the embedded service unless ESIGN_API_URL is set, without its trailing slashes, and only an http or https URL", () => {
    expect(readConfig().esignApiUrl).toBe("");
    process.env.ESIGN_API_URL = "https://sandbox.esignlive.com/ ";
    expect(readConfig().esignApiUrl).toBe("https://sandbox.esignlive.com");
    process.env.ESIGN_API_URL = "sandbox.esignlive.com";
    expect(() => readConfig()).toThrow(/ESIGN_API_URL must be an http or https URL/);
  });
});

describe(".env.example", () => {
  /** The names of the settings the server reads: process.env.NAME, process.env["NAME"] and numberSetting("NAME"), choiceSetting("NAME"), urlSetting("NAME"). */
  function settingsReadIn(source: string): string[] {
    const reads = /process\.env(?:\.([A-Z][A-Z0-9_]*)|\[\s*"([A-Z][A-Z0-9_]*)"\s*\])|(?:numberSetting|choiceSetting|urlSetting)\(\s*"([A-Z][A-Z0-9_]*)"/g;
    return [...source.matchAll(reads)].map((match) => match[1] ?? match[2] ?? match[3]);
  }

  function sourceFiles(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(file);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
    });
  }

  // Set by Node.js and Next.js themselves, not by whoever runs Signet.
  const NOT_SETTINGS = new Set(["NODE_ENV", "NEXT_RUNTIME"]);

  it("lists every setting the server reads, each with a comment", () => {
    const root = process.cwd();
    const files = [...["lib", "app", "scripts"].flatMap((dir) => sourceFiles(path.join(root, dir))), path.join(root, "proxy.ts"), path.join(root, "instrumentation.ts")];
    const read = new Set(files.flatMap((file) => settingsReadIn(fs.readFileSync(file, "utf8"))).filter((name) => !NOT_SETTINGS.has(name)));
    expect(read).toContain("LOG_LEVEL");
    expect(read).toContain("DATABASE_POOL_SIZE");

    const example = fs.readFileSync(path.join(root, ".env.example"), "utf8").split("\n");
    const listed = new Map<string, number>();
    example.forEach((line, index) => {
      const match = /^#?([A-Z][A-Z0-9_]*)=/.exec(line);
      if (match) listed.set(match[1], index);
    });
    expect([...read].filter((name) => !listed.has(name)), "settings missing from .env.example").toEqual([]);
    for (const [name, index] of listed) expect(example[index - 1], `the comment above ${name}`).toMatch(/^# \S/);
  });
});
