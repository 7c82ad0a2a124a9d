/**
 * What kind of address an IP is, for the outbound-request policy: the service may reach
 * public addresses (images) and loopback (a local author's own files), but never the
 * networks behind this machine — private ranges, link-local (cloud metadata at
 * 169.254.169.254), CGNAT, multicast, reserved and "this host" (0.0.0.0, ::). IPv6 forms
 * that embed an IPv4 address (mapped, NAT64, 6to4) are judged by that IPv4 address; the
 * local-use NAT64 prefix 64:ff9b:1::/48 is non-public whatever it embeds (its translator
 * sits inside some network, and the IPv4 layout depends on the prefix length chosen there).
 */
import { BlockList, isIP } from 'node:net';

export type AddressClass = 'public' | 'loopback' | 'non-public';

const v4NonPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network" (0.0.0.0 reaches this host)
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT (also some clouds' metadata, 100.100.100.200)
  ['169.254.0.0', 16], // link-local: cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  v4NonPublic.addSubnet(net, prefix, 'ipv4');
}

const v6NonPublic = new BlockList();
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): a translator inside some network, never a public host
  ['100::', 64], // discard
  ['2001:2::', 48], // benchmarking
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
  ['5f00::', 16], // SRv6 segment identifiers (RFC 9602)
  ['fc00::', 7], // unique local (fd00:ec2::254 is a metadata address)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['ff00::', 8], // multicast
] as const) {
  v6NonPublic.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
export function embeddedIPv4(address: string): string | undefined {
  const words = expandIPv6(address);
  if (!words) return undefined;
  const v4 = (hi: number, lo: number): string => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number): boolean => words.slice(from, to).every((w) => w === 0);
  if (zeros(0, 5) && words[5] === 0xffff) return v4(words[6], words[7]);
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return v4(words[6], words[7]);
  if (words[0] === 0x2002) return v4(words[1], words[2]);
  // IPv4-compatible ::a.b.c.d (deprecated; ::1 and :: are not IPv4).
  if (zeros(0, 6) && words[6] !== 0) return v4(words[6], words[7]);
  return undefined;
}

/** Eight 16-bit words of an IPv6 address (dotted IPv4 tail allowed), or undefined. */
function expandIPv6(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (s: string | undefined): number[] => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
  const h = parse(head);
  const t = parse(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - h.length - t.length).fill(0);
  const words = [...h, ...fill, ...t];
  return words.length === 8 ? words : undefined;
}

/** The class of an IP address literal (callers pass only what isIP() accepts). */
export function classifyAddress(address: string): AddressClass {
  const plain = address.replace(/^\[|\]$/g, '');
  const family = isIP(plain);
  if (family === 4) {
    if (plain.startsWith('127.')) return 'loopback';
    return v4NonPublic.check(plain, 'ipv4') ? 'non-public' : 'public';
  }
  if (family === 6) {
    const inner = embeddedIPv4(plain);
    if (inner) return classifyAddress(inner);
    const words = expandIPv6(plain);
    if (words && words.slice(0, 7).every((w) => w === 0) && words[7] === 1) return 'loopback';
    return v6NonPublic.check(plain, 'ipv6') ? 'non-public' : 'public';
  }
  return 'non-public';
}

/** `localhost` and `*.localhost` (RFC 6761): names that must mean this machine's loopback. */
export function isLocalhostName(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}
