/** The part of @20minutes/s3rver (a fake S3 server over files; it ships no types) that tests/support/s3-server.ts uses. */
declare module "@20minutes/s3rver" {
  import type { AddressInfo } from "node:net";

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: string[] }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    /** The server run() listens with. */
    httpServer: import("node:http").Server;
    close(): Promise<void>;
  }
}
