import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * A real RFC 3161 time-stamping authority for tests: OpenSSL's `ts -reply` behind a small HTTP
 * server on loopback, with a throwaway CA and a TSA certificate it issued (extendedKeyUsage
 * critical timeStamping). It answers a POSTed application/timestamp-query with an
 * application/timestamp-reply, as a public TSA does.
 */
export interface TsaTestServer {
  /** The URL to POST queries to (SEAL_TSA_URL). */
  url: string;
  /** The CA's certificate (PEM file), to check a token with `openssl ts -verify -CAfile`. */
  caFile: string;
  /** The TSA's certificate (PEM file). */
  tsaCertificateFile: string;
  /** Queries answered so far. */
  answered: number;
  stop(): Promise<void>;
}

export async function startTsaServer(): Promise<TsaTestServer> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "signet-tsa-"));
  const file = (name: string) => path.join(folder, name);
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });

  openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", file("ca.key"), "-out", file("ca.pem"), "-days", "2", "-subj", "/CN=Signet test TSA root");
  openssl("req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", file("tsa.key"), "-out", file("tsa.csr"), "-subj", "/CN=Signet test TSA");
  fs.writeFileSync(file("tsa.ext"), "extendedKeyUsage = critical, timeStamping\nkeyUsage = critical, digitalSignature\nbasicConstraints = CA:FALSE\n");
  openssl(
    "x509", "-req", "-in", file("tsa.csr"), "-CA", file("ca.pem"), "-CAkey", file("ca.key"), "-CAcreateserial",
    "-out", file("tsa.pem"), "-days", "2", "-extfile", file("tsa.ext"),
  );
  fs.writeFileSync(file("serial"), "01\n");
  fs.writeFileSync(
    file("tsa.cnf"),
    [
      "[ tsa ]",
      "default_tsa = test_tsa",
      "[ test_tsa ]",
      `serial = ${file("serial")}`,
      `signer_cert = ${file("tsa.pem")}`,
      `certs = ${file("ca.pem")}`,
      `signer_key = ${file("tsa.key")}`,
      "signer_digest = sha256",
      "default_policy = 1.3.6.1.4.1.55555.1",
      "digests = sha256, sha384, sha512",
      "accuracy = secs:1",
      "ordering = no",
      "tsa_name = no",
      "ess_cert_id_chain = no",
      "ess_cert_id_alg = sha256",
      "",
    ].join("\n"),
  );

  let sequence = 0;
  let answering: Promise<unknown> = Promise.resolve();
  const tsa: TsaTestServer = { url: "", caFile: file("ca.pem"), tsaCertificateFile: file("tsa.pem"), answered: 0, stop: async () => {} };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void (async () => {
        if (request.method !== "POST" || request.headers["content-type"] !== "application/timestamp-query") {
          response.writeHead(400).end();
          return;
        }
        const n = ++sequence;
        const query = file(`query-${n}.tsq`);
        const reply = file(`reply-${n}.tsr`);
        fs.writeFileSync(query, Buffer.concat(chunks));
        try {
          // One at a time: `ts -reply` reads and writes the serial file.
          const answer = answering.then(() => run("openssl", ["ts", "-reply", "-config", file("tsa.cnf"), "-queryfile", query, "-out", reply]));
          answering = answer.catch(() => undefined);
          await answer;
          const body = fs.readFileSync(reply);
          tsa.answered++;
          response.writeHead(200, { "content-type": "application/timestamp-reply", "content-length": body.length }).end(body);
        } catch (error) {
          response.writeHead(500, { "content-type": "text/plain" }).end((error as Error).message);
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  tsa.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsr`;
  tsa.stop = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(folder, { recursive: true, force: true });
  };
  return tsa;
}

/** A URL on loopback where nothing answers: a port that was just free. */
export async function unreachableTsaUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/tsr`;
}
