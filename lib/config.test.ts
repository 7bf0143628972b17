import { afterEach, describe, expect, it } from "vitest";
import { readConfig } from "./config";

const S3_NAMES = ["S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE", "S3_PREFIX"];
afterEach(() => {
  for (const name of [...S3_NAMES, "PGLITE_WASM_COMPILER", "SEAL_TSA_URL"]) delete process.env[name];
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
