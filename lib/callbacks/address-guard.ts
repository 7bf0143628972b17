import dns from "node:dns/promises";
import net from "node:net";
import { ipv6Words } from "@/lib/http/ip-address";

/**
 * Addresses a callback must not reach (SSRF guard): this network and unspecified, private
 * (RFC 1918), shared address space (CGNAT), loopback, link-local, unique-local, multicast,
 * reserved, documentation and broadcast. IPv6 forms that carry an IPv4 address (mapped, SIIT,
 * NAT64 and 6to4) are checked as that IPv4 address; the IPv4-compatible range (::/96), local-use
 * NAT64 and Teredo, whose destination cannot be told from the address, are refused outright.
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
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 32],
  ["2001:db8::", 32],
  ["fe80::", 10],
  ["fc00::", 7],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

const ipv4Of = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join(".");

/** The IPv4 address an IPv6 address carries and is delivered to: mapped, SIIT, NAT64 (64:ff9b::/96) or 6to4. */
function embeddedIpv4(words: number[]): string | null {
  const zero = (from: number, to: number) => words.slice(from, to).every((word) => word === 0);
  if (zero(0, 5) && words[5] === 0xffff) return ipv4Of(words[6], words[7]);
  if (zero(0, 4) && words[4] === 0xffff && words[5] === 0) return ipv4Of(words[6], words[7]);
  if (words[0] === 0x64 && words[1] === 0xff9b && zero(2, 6)) return ipv4Of(words[6], words[7]);
  if (words[0] === 0x2002) return ipv4Of(words[1], words[2]);
  return null;
}

export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family !== 6) return false;
  const ipv4 = embeddedIpv4(ipv6Words(address));
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
