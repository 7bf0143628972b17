import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readConfig } from "./config";

const S3_NAMES = ["S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE", "S3_PREFIX"];
/** Settings these tests set: each is put back as it was (the test environment sets some, e.g. LOG_LEVEL). */
const SET_HERE = [...S3_NAMES, "PGLITE_WASM_COMPILER", "SEAL_TSA_URL", "ESIGN_API_URL", "RETENTION_DAYS", "SWEEP_INTERVAL_SECONDS", "PORT", "EMAIL_RETRY_LIMIT", "MAX_FILE_MB", "CALLBACK_RETRY_BASE_SECONDS", "SIGNUP_ENABLED", "CALLBACK_ALLOW_PRIVATE", "SMTP_URL", "DATABASE_URL", "JOB_SCHEMA", "PUBLIC_URL", "LOG_LEVEL", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER", "TWILIO_API_URL"];
const before = Object.fromEntries(SET_HERE.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of SET_HERE) {
    if (before[name] === undefined) delete process.env[name];
    else process.env[name] = before[name];
  }
});

describe("every setting is checked for its real type and range when read (at start)", () => {
  it("whole numbers: RETENTION_DAYS=0.5 is refused, as the database counts days in integers", () => {
    process.env.RETENTION_DAYS = "30";
    expect(readConfig().retentionDays).toBe(30);
    for (const bad of ["0.5", "1e1", "30 days", "0", "-3", "99999999999999999999"]) {
      process.env.RETENTION_DAYS = bad;
      expect(() => readConfig(), bad).toThrow(`Setting RETENTION_DAYS must be a whole number from 1 to 36500, got "${bad}"`);
    }
  });

  it("whole numbers within their range: a port, the sweep's interval, a count that may be 0", () => {
    process.env.PORT = "70000";
    expect(() => readConfig()).toThrow(/PORT must be a whole number from 1 to 65535, got "70000"/);
    process.env.PORT = "8080";
    expect(readConfig().port).toBe(8080);
    process.env.SWEEP_INTERVAL_SECONDS = "0";
    expect(() => readConfig()).toThrow(/SWEEP_INTERVAL_SECONDS must be a whole number from 1 to 3600, got "0"/);
    process.env.SWEEP_INTERVAL_SECONDS = "2";
    expect(readConfig().sweepIntervalSeconds).toBe(2);
    process.env.EMAIL_RETRY_LIMIT = "0";
    expect(readConfig().emailRetryLimit).toBe(0);
    process.env.EMAIL_RETRY_LIMIT = "2.5";
    expect(() => readConfig()).toThrow(/EMAIL_RETRY_LIMIT must be a whole number from 0 to 100/);
  });

  it("numbers in a unit the service rounds itself (sizes in MB, delays in seconds) take fractions, never zero or words", () => {
    process.env.MAX_FILE_MB = "0.5";
    expect(readConfig().maxFileBytes).toBe(524288);
    process.env.CALLBACK_RETRY_BASE_SECONDS = "0.3";
    expect(readConfig().callbackRetryBaseSeconds).toBe(0.3);
    for (const bad of ["0", "-1", "ten", "Infinity"]) {
      process.env.MAX_FILE_MB = bad;
      expect(() => readConfig(), bad).toThrow(`Setting MAX_FILE_MB must be a positive number, got "${bad}"`);
    }
  });

  it("switches: true or false in any case, nothing else read as either", () => {
    process.env.SIGNUP_ENABLED = "FALSE";
    expect(readConfig().signupEnabled).toBe(false);
    process.env.CALLBACK_ALLOW_PRIVATE = "true";
    expect(readConfig().callbackAllowPrivate).toBe(true);
    process.env.SIGNUP_ENABLED = "no";
    expect(() => readConfig()).toThrow(/SIGNUP_ENABLED must be true or false, got "no"/);
  });

  it("addresses: SMTP_URL is an smtp or smtps URL, DATABASE_URL a PostgreSQL one, their passwords never repeated", () => {
    process.env.SMTP_URL = "smtps://mailer:s3cret@mail.example.com:465";
    expect(readConfig().smtpUrl).toBe("smtps://mailer:s3cret@mail.example.com:465");
    process.env.SMTP_URL = "https://mailer:s3cret@mail.example.com";
    expect(() => readConfig()).toThrow('Setting SMTP_URL must be a smtp or smtps URL, got "https://mailer:***@mail.example.com/"');
    delete process.env.SMTP_URL;
    process.env.DATABASE_URL = "mysql://root:hunter2@db/signet";
    expect(() => readConfig()).toThrow('Setting DATABASE_URL must be a postgres or postgresql URL, got "mysql://root:***@db/signet"');
    process.env.DATABASE_URL = "memory://";
    expect(readConfig().databaseUrl).toBe("memory://");
    process.env.PUBLIC_URL = "signet.example.com";
    expect(() => readConfig()).toThrow(/PUBLIC_URL must be an http or https URL, got "signet.example.com"/);
  });

  it("names the SQL uses: JOB_SCHEMA is a plain lower-case PostgreSQL name", () => {
    process.env.JOB_SCHEMA = "jobs; drop table packages";
    expect(() => readConfig()).toThrow(/JOB_SCHEMA must be a lower-case PostgreSQL name/);
    process.env.JOB_SCHEMA = "signet_jobs";
    expect(readConfig().jobSchema).toBe("signet_jobs");
  });

  it("text messages: off until the three TWILIO_* settings are set; a sender number or an API address that cannot work is refused", () => {
    process.env.TWILIO_ACCOUNT_SID = "AC123";
    process.env.TWILIO_AUTH_TOKEN = "token";
    expect(readConfig().sms).toBeNull();
    process.env.TWILIO_FROM_NUMBER = "555-0100";
    expect(() => readConfig()).toThrow(/TWILIO_FROM_NUMBER must be a phone number in E.164 form/);
    process.env.TWILIO_FROM_NUMBER = "+15005550006";
    expect(readConfig().sms).toEqual({ accountSid: "AC123", authToken: "token", fromNumber: "+15005550006", apiUrl: "https://api.twilio.com" });
    process.env.TWILIO_API_URL = "api.twilio.com";
    expect(() => readConfig()).toThrow(/TWILIO_API_URL must be an http or https URL/);
  });

  it("choices: LOG_LEVEL is one of pino's levels", () => {
    process.env.LOG_LEVEL = "loud";
    expect(() => readConfig()).toThrow(/LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"/);
  });
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
  /** The names of the settings the server reads: process.env.NAME, process.env["NAME"] and integerSetting("NAME") and every other …Setting("NAME"). */
  function settingsReadIn(source: string): string[] {
    const reads = /process\.env(?:\.([A-Z][A-Z0-9_]*)|\[\s*"([A-Z][A-Z0-9_]*)"\s*\])|[a-zA-Z]+Setting\(\s*"([A-Z][A-Z0-9_]*)"/g;
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
