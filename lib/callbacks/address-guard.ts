import dns from "node:dns/promises";
import net from "node:net";

/**
 * Addresses a callback must not reach (SSRF guard): this network and unspecified, private
 * (RFC 1918), shared address space (CGNAT), loopback, link-local, unique-local, multicast,
 * reserved and broadcast. IPv4-mapped IPv6 addresses are checked as the IPv4 address they carry.
 */
const blocked = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fe80::", 10],
  ["fc00::", 7],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:7f00:1), if it is one. */
function mappedIpv4(address: string): string | null {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family !== 6) return false;
  const ipv4 = mappedIpv4(address);
  if (ipv4) return !blocked.check(ipv4, "ipv4");
  return !blocked.check(address, "ipv6");
}

export class RefusedDestinationError extends Error {}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/**
 * Resolves the host (every address) and refuses it when any address is not public, unless
 * private destinations are allowed. The caller connects to the address answered here, so a
 * second resolution cannot swap in another one (DNS rebinding).
 */
export async function resolveDestination(hostname: string, allowPrivate: boolean): Promise<ResolvedAddress> {
  const host = hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: ResolvedAddress[];
  try {
    addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await dns.lookup(host, { all: true });
  } catch (error) {
    throw new Error(`Cannot resolve ${host}: ${(error as Error).message}`);
  }
  if (addresses.length === 0) throw new Error(`Cannot resolve ${host}: no address`);
  if (!allowPrivate) {
    const refused = addresses.filter((entry) => !isPublicAddress(entry.address));
    if (refused.length > 0) {
      throw new RefusedDestinationError(
        `Refused: ${host} resolves to ${refused.map((entry) => entry.address).join(", ")}, a private, loopback, link-local or otherwise non-public address (CALLBACK_ALLOW_PRIVATE is not set)`,
      );
    }
  }
  return addresses[0];
}
