// The benchmarks' anchor for an upload: a bare Node HTTP server that reads a multipart body with
// busboy (the parser Signet uses), hashes each file once and answers a small JSON, with no database and no
// framework. It prints its port on stdout once it listens. Plain JavaScript, so that its start
// time is Node's own (the anchor of the start benchmark too).
import { createHash } from "node:crypto";
import http from "node:http";
import busboy from "busboy";

const server = http.createServer((request, response) => {
  if (request.method !== "POST") {
    response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    return;
  }
  const parser = busboy({ headers: request.headers });
  parser.on("file", (_name, file) => {
    const hash = createHash("sha256");
    file.on("data", (chunk) => hash.update(chunk));
    file.on("end", () => hash.digest());
  });
  parser.on("field", () => {});
  parser.on("close", () => response.writeHead(200, { "content-type": "application/json" }).end('{"id":"anchor"}'));
  parser.on("error", (error) => response.writeHead(400).end(String(error)));
  request.pipe(parser);
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
