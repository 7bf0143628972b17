// The listing benchmark's client: a process of its own, plain Node and fetch, as an integration
// meets the service. Run by bench/listing.ts with the service's address and an API key; it reads
// one request path per line on stdin and answers each with one JSON line on stdout: the time from
// the request to the answer's last byte (`ms`), the status, and the page's count, ids and how many
// roles and documents each package has (for the bench's checks; parsing is not timed).
import readline from "node:readline";

const [baseUrl, apiKey] = process.argv.slice(2);
const headers = { authorization: `Basic ${apiKey}`, accept: "application/json" };

async function timedGet(path) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { headers });
  const text = await response.text();
  return { ms: performance.now() - started, status: response.status, text };
}

/** Once again, untimed, if the kept-alive connection was closed by the server while idle. */
async function get(path) {
  try {
    return await timedGet(path);
  } catch (error) {
    if (error?.cause?.code !== "UND_ERR_SOCKET") throw error;
    return timedGet(path);
  }
}

for await (const path of readline.createInterface({ input: process.stdin })) {
  const { ms, status, text } = await get(path);
  if (status !== 200) {
    process.stdout.write(`${JSON.stringify({ ms, status, error: text.slice(0, 300) })}\n`);
    continue;
  }
  const page = JSON.parse(text);
  const results = page.results.map((result) => ({ id: result.id, roles: result.roles.length, documents: result.documents.length }));
  process.stdout.write(`${JSON.stringify({ ms, status, count: page.count, results })}\n`);
}
