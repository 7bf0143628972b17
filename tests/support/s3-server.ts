import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

/**
 * A real S3 server for tests: s3rver (the S3 REST protocol over files in a temporary folder) on
 * loopback, with one bucket. It checks request signatures with its own fixed credentials
 * (S3RVER / S3RVER), so the application's S3 client signs exactly as it would for Amazon S3.
 *
 * One quirk: s3rver checks the signature of bucket-level requests (listing) against the path
 * without the trailing slash the SDK signs, and refuses them. Signet only reads and writes objects;
 * tests list the bucket from s3rver's folder (objectKeys).
 */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The folder s3rver keeps the bucket in. */
  directory: string;
  /** The keys of the bucket's objects, sorted. */
  objectKeys(): string[];
  /** How many requests the server has received so far (to tell that an operation made none). */
  requestCount(): number;
  /** The settings (S3_*) that point Signet at this bucket. */
  environment: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = "signet-test"): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "signet-s3-"));
  // vhostBuckets off: the bucket is the first path segment on 127.0.0.1 (path style), as with MinIO.
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, vhostBuckets: false, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  let requests = 0;
  server.httpServer.on("request", () => requests++);
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    endpoint,
    bucket,
    region: "us-east-1",
    ...credentials,
    directory,
    objectKeys: () => {
      const root = path.join(directory, bucket);
      const suffix = "._S3rver_object";
      return fs
        .readdirSync(root, { recursive: true })
        .map(String)
        .filter((name) => name.endsWith(suffix))
        .map((name) => name.slice(0, -suffix.length))
        .sort();
    },
    requestCount: () => requests,
    environment: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
