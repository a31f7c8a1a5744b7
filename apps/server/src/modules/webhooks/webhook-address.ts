import { isIPv4, isIPv6 } from 'node:net';

/** IPv4 ranges a webhook may not reach, most specific first, with the word for why. */
const IPV4_BLOCKED: [cidr: string, reason: string][] = [
  ['169.254.169.254/32', 'link-local (cloud metadata)'],
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'private (shared address space)'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'reserved'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
];

const ipv4Ranges = IPV4_BLOCKED.map(([cidr, reason]) => {
  const [base, bits] = cidr.split('/') as [string, string];
  const prefix = Number(bits);
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return { network: (ipv4ToNumber(base) & mask) >>> 0, mask, reason };
});

function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
}

function ipv4Reason(address: string): string | null {
  const value = ipv4ToNumber(address);
  return ipv4Ranges.find((range) => (value & range.mask) >>> 0 === range.network)?.reason ?? null;
}

/** The eight 16-bit groups of an IPv6 address (with `::` expanded and a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const value = ipv4ToNumber(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

const embeddedIpv4 = (high: number, low: number) =>
  `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

function ipv6Reason(address: string): string | null {
  const g = ipv6Groups(address);
  const leadingZeros = (count: number) => g.slice(0, count).every((group) => group === 0);
  if (g.every((group) => group === 0)) return 'unspecified';
  if (leadingZeros(7) && g[7] === 1) return 'loopback';
  // IPv4 written as IPv6 reaches the IPv4 address: judge that one.
  const embedded = (high: number, low: number, form: string) => {
    const reason = ipv4Reason(embeddedIpv4(high, low));
    return reason ? `${reason} (${form})` : null;
  };
  if (leadingZeros(5) && g[5] === 0xffff) return embedded(g[6]!, g[7]!, 'IPv4-mapped');
  if (leadingZeros(6)) return embedded(g[6]!, g[7]!, 'IPv4-compatible');
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    return embedded(g[6]!, g[7]!, 'NAT64');
  }
  if (g[0] === 0x2002) return embedded(g[1]!, g[2]!, '6to4');
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return 'private (unique local)';
  if ((first & 0xffc0) === 0xfe80) return 'link-local';
  if ((first & 0xffc0) === 0xfec0) return 'private (site-local)';
  if ((first & 0xff00) === 0xff00) return 'multicast';
  return null;
}

/**
 * Why a webhook may not connect to this IP address (loopback, private, link-local, unspecified,
 * multicast, reserved, or one of those written as IPv6), or null for a public address.
 */
export function blockedAddressReason(address: string): string | null {
  if (isIPv4(address)) return ipv4Reason(address);
  if (isIPv6(address.split('%')[0]!)) return ipv6Reason(address);
  return 'not an IP address';
}
