// The key a per-address rate limit counts under (issue 10 point 8; decision 020). No I/O.
//
// An IPv4 address is one key: carriers put many shoppers behind it (carrier-grade NAT) and
// we cannot see past it. An IPv6 network hands a whole /64 to one subscriber, who can pick
// any of its 2^64 addresses at will (privacy extensions change it daily), so counting per
// IPv6 address would let one phone pass any limit; the /64 prefix is the subscriber.
// An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, what a dual-stack socket reports for an
// IPv4 peer) is that IPv4 address.

/** The rate-limit key for a client address: IPv4 as is, IPv6 as its /64 prefix, anything else unchanged. */
export function addressKey(clientAddress: string): string {
  const raw = clientAddress.trim();
  const ipv4 = parseIPv4(raw);
  if (ipv4) return ipv4.join(".");
  const ipv6 = parseIPv6(raw);
  if (!ipv6) return raw;
  if (isIPv4Mapped(ipv6)) return [ipv6[6]! >> 8, ipv6[6]! & 255, ipv6[7]! >> 8, ipv6[7]! & 255].join(".");
  return `${ipv6
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(":")}::/64`;
}

function parseIPv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const octets: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    octets.push(n);
  }
  return octets;
}

/** Eight 16-bit groups, or null. Accepts `::`, a trailing dotted IPv4, brackets and a zone (`%eth0`). */
function parseIPv6(text: string): number[] | null {
  let s = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const zone = s.indexOf("%");
  if (zone !== -1) s = s.slice(0, zone);
  if (!s.includes(":")) return null;

  // A trailing dotted IPv4 part stands for the last two groups: rewrite it in hex.
  const lastColon = s.lastIndexOf(":");
  if (s.slice(lastColon + 1).includes(".")) {
    const v4 = parseIPv4(s.slice(lastColon + 1));
    if (!v4) return null;
    s = `${s.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }

  const halves = s.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (half: string) => (half === "" ? [] : half.split(":").map((g) => (/^[0-9a-fA-F]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if ([...head, ...tail].some(Number.isNaN)) return null;
  let groups = head;
  if (halves.length === 2) {
    // "::" stands for at least one group of zeros.
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  }
  return groups.length === 8 ? groups : null;
}

function isIPv4Mapped(groups: number[]): boolean {
  return groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
}
