import net from "node:net";

/** The eight 16-bit words of an IPv6 address (with `::`, a zone id and a trailing dotted IPv4 handled). */
export function ipv6Words(address: string): number[] {
  let text = address.replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const words = (part: string | undefined) => (part ? part.split(":").map((word) => parseInt(word, 16)) : []);
  const left = words(head);
  const right = words(tail);
  return tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key an address is rate-limited under: an IPv4 address as it is, an IPv6 address by its /64
 * (one subscriber's network: a client holds all of it and could otherwise change address at will).
 */
export function rateLimitKey(address: string): string {
  if (!net.isIPv6(address)) return address;
  return `${ipv6Words(address)
    .slice(0, 4)
    .map((word) => word.toString(16))
    .join(":")}::/64`;
}
