import { createHash } from "node:crypto";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import type { S3Settings } from "@/lib/config";
import type { Queryable } from "@/lib/db/client";
import { shareBlobLock } from "./blob-locks";
import type { BlobStore, KnownBytes } from "./blob-store";

/**
 * Blobs as objects of an S3-compatible bucket, at `<prefix><first two hex digits>/<sha256>`
 * (`blobs/ab/ab12…`). Nothing of S3 is part of a database transaction: an object written for a
 * transaction that rolls back stays unreferenced (as a file of the file store would), and
 * unreferenced objects are deleted after the commit that dropped their last reference
 * (blob-references.ts). Downloads stream from the GetObject body; nothing reads a whole object
 * into memory except get(), which the PDF jobs need whole anyway.
 */
export class S3BlobStore implements BlobStore {
  readonly transactional = false;

  constructor(
    readonly client: S3Client,
    readonly bucket: string,
    readonly prefix = "blobs/",
  ) {}

  key(sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`Not a SHA-256: ${sha256}`);
    return `${this.prefix}${sha256.slice(0, 2)}/${sha256}`;
  }

  async put(bytes: Uint8Array, tx?: Queryable, known?: KnownBytes): Promise<{ sha256: string; created: boolean }> {
    const sha256 = known?.sha256 ?? createHash("sha256").update(bytes).digest("hex");
    if (tx) await shareBlobLock(tx, sha256);
    // Content-addressed: an object of the right length under this key holds these bytes already.
    if (!known?.fresh && (await this.size(sha256)) === bytes.byteLength) return { sha256, created: false };
    const put = new PutObjectCommand({
      Bucket: this.bucket,
      Key: this.key(sha256),
      Body: bytes,
      ContentLength: bytes.byteLength,
      ContentType: "application/octet-stream",
    });
    // SigV4 signs the body's SHA-256, which is the key's: given it, the signer does not hash the
    // megabytes again. S3 refuses a body that does not match it (XAmzContentSHA256Mismatch), so it
    // checks the bytes it received as a Content-MD5 would, without hashing them a second way.
    put.middlewareStack.add(
      (next) => (args) => {
        (args.request as { headers: Record<string, string> }).headers["x-amz-content-sha256"] = sha256;
        return next(args);
      },
      { step: "build", name: "signetPayloadSha256" },
    );
    await this.client.send(put);
    return { sha256, created: true };
  }

  /** The whole object as one buffer, without a copy (Buffer.from of a Uint8Array would copy it). */
  async get(sha256: string): Promise<Buffer | null> {
    const answer = await this.answer(sha256);
    if (!answer) return null;
    const bytes = await answer.Body.transformToByteArray();
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /**
   * With a range, exactly its bytes: the answer declares the range's length on the wire
   * (lib/http/content-length.ts), and more bytes than that would corrupt the connection's next
   * answer. An S3 server may answer more than the range (s3rver sends the whole object for
   * `bytes=0-0`): the range is then cut from what it sent.
   */
  async stream(sha256: string, range?: { start: number; end: number }): Promise<ReadableStream<Uint8Array> | null> {
    const answer = await this.answer(sha256, range);
    if (!answer) return null;
    const body = answer.Body.transformToWebStream() as ReadableStream<Uint8Array>;
    if (!range) return body;
    const length = range.end - range.start + 1;
    const sentFrom = answer.ContentRange ? Number(/^bytes (\d+)-/.exec(answer.ContentRange)?.[1] ?? NaN) : 0;
    const sent = answer.ContentLength ?? NaN;
    if (sentFrom === range.start && sent === length) return body;
    if (!(sentFrom <= range.start && sentFrom + sent >= range.end + 1)) {
      await body.cancel();
      throw new Error(`S3 answered ${answer.ContentRange ?? `${sent} bytes`} for the range ${range.start}-${range.end} of ${this.key(sha256)}`);
    }
    return body.pipeThrough(byteWindow(range.start - sentFrom, length));
  }

  async size(sha256: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(sha256) }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(sha256: string): Promise<void> {
    // Deleting a key that is not there succeeds.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(sha256) }));
  }

  /**
   * Reads a key that is never written: "no such key" shows the bucket is there and these
   * credentials may read it. Run at start, so that a wrong bucket, endpoint or key stops the
   * server with its reason instead of every document answering as purged; and by GET /api/health.
   */
  async check(signal?: AbortSignal): Promise<void> {
    try {
      const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: `${this.prefix}signet-start-check` }), { abortSignal: signal });
      await Body?.transformToByteArray();
    } catch (error) {
      if (error instanceof S3ServiceException && error.name === "NoSuchKey") return;
      const reason = error instanceof S3ServiceException ? `${error.name} (${error.$metadata.httpStatusCode}): ${error.message}` : (error as Error).message;
      throw new Error(`S3 bucket "${this.bucket}" cannot be read: ${reason}`);
    }
  }

  /** The object's GetObject answer, received before this returns: a missing object is null here, not an error mid-download. */
  private async answer(sha256: string, range?: { start: number; end: number }) {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(sha256), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      const { Body } = answer;
      if (!Body) throw new Error(`S3 answered no body for ${this.key(sha256)}`);
      return { ...answer, Body };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }
}

/**
 * NoSuchKey from GetObject; NotFound from HeadObject, whose bare 404 cannot tell a missing key
 * from a missing bucket (check() at start tells them apart).
 */
function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound");
}

/**
 * The client of these settings. Checksums only WHEN_REQUIRED: since 3.729 the SDK adds a CRC32 to
 * every upload by default (for a streamed body as an aws-chunked trailer, which s3rver, the tests'
 * server, refuses, and which older MinIO, Ceph and other S3-compatible services mishandle) and
 * validates response checksums. Every upload here is signed with its body's SHA-256
 * (x-amz-content-sha256), which the server checks against what it received, and the migration
 * verifies each object by its SHA-256.
 */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint || undefined,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

// One client (and its connection pool) per settings, kept across hot reloads like the database.
const holder = globalThis as unknown as { signetS3Clients?: Map<string, S3Client> };

export function s3BlobStore(settings: S3Settings): S3BlobStore {
  const clients = (holder.signetS3Clients ??= new Map());
  const id = JSON.stringify(settings);
  let client = clients.get(id);
  if (!client) {
    client = s3Client(settings);
    clients.set(id, client);
  }
  return new S3BlobStore(client, settings.bucket, settings.prefix);
}

/** `length` bytes after the first `skip` of a stream; the rest of it is cancelled. */
function byteWindow(skip: number, length: number): TransformStream<Uint8Array, Uint8Array> {
  let toSkip = skip;
  let toSend = length;
  return new TransformStream({
    transform(chunk, controller) {
      const from = Math.min(toSkip, chunk.byteLength);
      toSkip -= from;
      const part = chunk.subarray(from, from + toSend);
      toSend -= part.byteLength;
      if (part.byteLength > 0) controller.enqueue(part);
      if (toSend === 0) controller.terminate();
    },
  });
}
