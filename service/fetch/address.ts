import ipaddr from 'ipaddr.js';
import { refused } from './errors';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

const v4 = (cidr: string) => ipaddr.IPv4.parseCIDR(cidr);
const v6 = (cidr: string) => ipaddr.IPv6.parseCIDR(cidr);

/**
 * IPv4 blocks that are never fetched, whatever ipaddr.js calls them (it must also call the address
 * `unicast`): this list is the second opinion, kept by hand against the IANA special-purpose registry.
 */
const BLOCKED_V4: [IPv4, number][] = [
  v4('0.0.0.0/8'), // "this network"
  v4('10.0.0.0/8'), // private
  v4('100.64.0.0/10'), // carrier-grade NAT (also Alibaba's metadata 100.100.100.200)
  v4('127.0.0.0/8'), // loopback
  v4('169.254.0.0/16'), // link-local, cloud metadata 169.254.169.254
  v4('172.16.0.0/12'), // private
  v4('192.0.0.0/24'), // IETF protocol assignments (Oracle metadata 192.0.0.192)
  v4('192.0.2.0/24'), // TEST-NET-1
  v4('192.88.99.0/24'), // 6to4 relay anycast
  v4('192.168.0.0/16'), // private
  v4('198.18.0.0/15'), // benchmarking
  v4('198.51.100.0/24'), // TEST-NET-2
  v4('203.0.113.0/24'), // TEST-NET-3
  v4('224.0.0.0/4'), // multicast
  v4('240.0.0.0/4'), // reserved, and 255.255.255.255 broadcast
];

/** IPv6 blocks inside global unicast 2000::/3 that are still never fetched. */
const BLOCKED_V6: [IPv6, number][] = [
  v6('2001::/23'), // IETF protocol assignments: Teredo, benchmarking, ORCHID, AMT, AS112
  v6('2001:db8::/32'), // documentation
  v6('3fff::/20'), // documentation (RFC 9637)
];

const GLOBAL_UNICAST_V6 = v6('2000::/3');
const MAPPED_V6 = v6('::ffff:0:0/96');
const NAT64_V6 = v6('64:ff9b::/96');
const SIX_TO_FOUR_V6 = v6('2002::/16');

function isPublicV4(ip: IPv4): boolean {
  if (ip.range() !== 'unicast') return false;
  return !BLOCKED_V4.some((range) => ip.match(range));
}

/** The IPv4 address in two 16-bit groups of an IPv6 address. */
function embeddedV4(high: number | undefined, low: number | undefined): IPv4 {
  const h = high ?? 0;
  const l = low ?? 0;
  return new ipaddr.IPv4([h >> 8, h & 0xff, l >> 8, l & 0xff]);
}

function isPublicV6(ip: IPv6): boolean {
  const parts = ip.parts;
  // Addresses that carry an IPv4 address reach that address: judge it instead.
  if (ip.match(MAPPED_V6)) return isPublicV4(embeddedV4(parts[6], parts[7]));
  if (ip.match(NAT64_V6)) return isPublicV4(embeddedV4(parts[6], parts[7]));
  if (ip.match(SIX_TO_FOUR_V6)) {
    if (!isPublicV4(embeddedV4(parts[1], parts[2]))) return false;
    return ip.range() === '6to4';
  }
  // Everything outside 2000::/3 is refused: ::, ::1, IPv4-compatible ::a.b.c.d, the rest of ::/8,
  // 64:ff9b:1::/48, discard 100::/64, fc00::/7 (AWS metadata fd00:ec2::254), fe80::/10, fec0::/10,
  // ff00::/8, 5f00::/16.
  if (!ip.match(GLOBAL_UNICAST_V6)) return false;
  // Teredo (2001::/32) is inside 2001::/23: its client address is obfuscated and reached through relays.
  if (BLOCKED_V6.some((range) => ip.match(range))) return false;
  return ip.range() === 'unicast';
}

/**
 * An IPv6 address in the WHATWG URL parser's canonical form (hex groups only, no brackets), or null.
 * ipaddr.js alone is not trusted with a dotted tail: it reads IPv4-compatible `::8.8.8.8` as the
 * IPv4-mapped `::ffff:8.8.8.8`. The URL parser also refuses zone ids.
 */
function canonicalIPv6(text: string): string | null {
  if (!/^[0-9a-f:.]+$/i.test(text) || !text.includes(':')) return null;
  let host: string;
  try {
    host = new URL(`http://[${text}]/`).hostname;
  } catch {
    return null;
  }
  const canonical = host.slice(1, -1);
  return ipaddr.IPv6.isValid(canonical) ? canonical : null;
}

/**
 * Whether a resolved address (dotted-quad IPv4 or IPv6, brackets allowed) is public unicast. Any other
 * spelling (octal, hex, short forms, zone ids) is not an address this function accepts: false.
 */
export function isPublicAddress(address: string): boolean {
  let text = address;
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  if (text.includes('%')) return false;
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return isPublicV4(ipaddr.IPv4.parse(text));
  const v6text = canonicalIPv6(text);
  return v6text !== null && isPublicV6(ipaddr.IPv6.parse(v6text));
}

/** One part of a legacy IPv4 literal (WHATWG "IPv4 number"): decimal, 0x hex or 0-prefixed octal. */
function ipv4Number(part: string): number | null {
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(part)) {
    digits = part.slice(2);
    radix = 16;
    if (digits === '') return 0;
    if (!/^[0-9a-f]+$/i.test(digits)) return null;
  } else if (part.length > 1 && part.startsWith('0')) {
    digits = part.slice(1);
    radix = 8;
    if (!/^[0-7]+$/.test(digits)) return null;
  } else if (!/^[0-9]+$/.test(part)) {
    return null;
  }
  // Anything over 2^32 fails below; the length cap keeps the number exact until then.
  const significant = digits.replace(/^0+/, '');
  if (significant.length > 40) return Number.POSITIVE_INFINITY;
  return Number.parseInt(digits, radix);
}

/** WHATWG IPv4 parser: 1 to 4 parts, the last one fills the remaining bytes (127.1, 2130706433). */
function legacyIPv4(host: string): string | null {
  const parts = host.split('.');
  if (parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    if (part === '') return null;
    const n = ipv4Number(part);
    if (n === null) return null;
    numbers.push(n);
  }
  const last = numbers.pop() ?? 0;
  if (numbers.some((n) => n > 255)) return null;
  if (last >= 256 ** (4 - numbers.length)) return null;
  let value = last;
  numbers.forEach((n, i) => (value += n * 256 ** (3 - i)));
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff].join('.');
}

const looksNumeric = (label: string) => /^[0-9]+$/.test(label) || /^0x[0-9a-f]*$/i.test(label);

/**
 * The host of a URL as this service judges it: an IP literal in canonical form (dotted-quad IPv4,
 * RFC 5952 IPv6 without brackets) or a lower-case name without a trailing dot. Throws a 400 FetchError
 * for zone ids, malformed literals and names with characters a DNS name cannot have.
 */
export function normalizeHost(hostname: string): string {
  let host = hostname.toLowerCase();
  if (host.includes('%')) throw refused('the host may not carry a zone id or percent-escapes');
  if (host.startsWith('[') || host.endsWith(']')) {
    if (!(host.startsWith('[') && host.endsWith(']'))) throw refused('the host has an unbalanced bracket');
    host = host.slice(1, -1);
    if (!host.includes(':')) throw refused('brackets hold an IPv6 address only');
  }
  if (host.includes(':')) {
    const canonical = canonicalIPv6(host);
    if (canonical === null) throw refused('the host is not a valid IPv6 address');
    return ipaddr.IPv6.parse(canonical).toRFC5952String();
  }
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host === '') throw refused('the URL has no host');
  const labels = host.split('.');
  if (looksNumeric(labels[labels.length - 1] ?? '')) {
    const address = legacyIPv4(host);
    if (address === null) throw refused('the host is not a valid IPv4 address');
    return address;
  }
  if (!/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(host) || host.length > 253)
    throw refused('the host is not a valid DNS name');
  return host;
}
