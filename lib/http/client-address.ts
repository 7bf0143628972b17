import http from "node:http";
import net from "node:net";

/**
 * The client's address, as the service records it (audit trail, sign-in limits): the socket's,
 * unless the socket is a proxy we trust (TRUSTED_PROXIES), in which case `X-Forwarded-For` is
 * read from the right, skipping the trusted hops, and the first address not trusted is the
 * client. Anything a client writes into `X-Forwarded-For` itself sits left of that and is ignored.
 */

/** `::ffff:203.0.113.5` (an IPv4 client on a dual-stack socket) as `203.0.113.5`. */
export function plainAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

/**
 * `TRUSTED_PROXIES`: comma-separated addresses and CIDR ranges (`10.0.0.0/8`, `fd00::/8`), or
 * `loopback` (127.0.0.0/8 and ::1, the default: a reverse proxy on the same machine), or `none`.
 * The console's calls to the embedded service need none of it: they go in process (lib/console/esign-api.ts).
 */
export function trustedProxies(setting: string): net.BlockList {
  const list = new net.BlockList();
  for (const entry of setting.split(",").map((part) => part.trim().toLowerCase()).filter(Boolean)) {
    if (entry === "none") continue;
    if (entry === "loopback") {
      list.addSubnet("127.0.0.0", 8, "ipv4");
      list.addAddress("::1", "ipv6");
      continue;
    }
    const [address, prefix] = entry.split("/");
    const family = net.isIPv4(address!) ? "ipv4" : net.isIPv6(address!) ? "ipv6" : null;
    const bits = prefix === undefined ? undefined : Number(prefix);
    if (!family || (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= (family === "ipv4" ? 32 : 128)))) {
      throw new Error(`Setting TRUSTED_PROXIES: "${entry}" is not an address, a CIDR range, "loopback" or "none"`);
    }
    if (bits === undefined) list.addAddress(address!, family);
    else list.addSubnet(address!, bits, family);
  }
  return list;
}

function isTrusted(address: string, trusted: net.BlockList): boolean {
  const family = net.isIPv4(address) ? "ipv4" : net.isIPv6(address) ? "ipv6" : null;
  return family !== null && trusted.check(address, family);
}

/** The client behind this socket address and `X-Forwarded-For` value. */
export function resolveClientAddress(socketAddress: string, forwardedFor: string | undefined, trusted: net.BlockList): string {
  const hops = [...(forwardedFor ?? "").split(",").map(plainAddress).filter(Boolean), plainAddress(socketAddress)];
  for (let i = hops.length - 1; i > 0; i--) {
    if (!isTrusted(hops[i]!, trusted)) return hops[i]!;
  }
  return hops[0]!;
}

let installed = false;

/** What only a proxy may tell about the request: the host and scheme the browser asked for. */
const PROXY_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port"];

/**
 * Rewrites every incoming request's `X-Forwarded-For` to the one client address above, before
 * Next.js sees it (Next.js keeps a client's header as it is and gives route handlers no socket):
 * route handlers read the first entry (`clientIp`) and get an address nobody could forge. From a
 * peer that is no trusted proxy, `X-Forwarded-Host`, `-Proto` and `-Port` are removed too: the
 * origin checks (request-source.ts, server actions) compare a browser's Origin with them, so a
 * client that set them itself could pass its own origin off as ours.
 */
export function resolveClientAddressesOfServer(trusted: net.BlockList): void {
  if (installed) return;
  installed = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as http.IncomingMessage;
      const peer = plainAddress(request.socket.remoteAddress ?? "");
      const forwarded = request.headers["x-forwarded-for"];
      request.headers["x-forwarded-for"] = resolveClientAddress(peer, Array.isArray(forwarded) ? forwarded.join(",") : forwarded, trusted);
      if (!isTrusted(peer, trusted)) for (const name of PROXY_HEADERS) delete request.headers[name];
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
}
