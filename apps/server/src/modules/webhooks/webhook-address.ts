import { isIP } from 'node:net';

import ipaddr from 'ipaddr.js';

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];
const cidr = (text: string): Cidr => ipaddr.parseCIDR(text);

/**
 * Ranges checked before ipaddr.js's own table, which files them under broader names ("reserved")
 * than the reason people need to read.
 */
const IPV4_NAMED: Record<string, Cidr[]> = {
  'link-local (cloud metadata)': [cidr('169.254.169.254/32')],
  documentation: [cidr('192.0.2.0/24'), cidr('198.51.100.0/24'), cidr('203.0.113.0/24')],
};
const IPV6_NAMED: Record<string, Cidr[]> = {
  documentation: [cidr('2001:db8::/32'), cidr('3fff::/20')],
  'NAT64 local use': [cidr('64:ff9b:1::/48')],
};

/** Words for ipaddr.js's range names; any range but `unicast` is refused. */
const RANGE_WORDS: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'private (shared address space)',
  private: 'private',
  reserved: 'reserved',
  as112: 'reserved (AS112)',
  amt: 'reserved (AMT)',
  uniqueLocal: 'private (unique local)',
  deprecatedSiteLocal: 'private (site-local)',
  discard: 'reserved (discard-only)',
  teredo: 'reserved (Teredo tunnel)',
  benchmarking: 'reserved (benchmarking)',
  as112v6: 'reserved (AS112)',
  deprecatedOrchid: 'reserved (ORCHID)',
  orchid2: 'reserved (ORCHID)',
  droneRemoteIdProtocolEntityTags: 'reserved (drone remote ID)',
  segmentRouting: 'reserved (segment routing)',
};

const GLOBAL_UNICAST_V6 = cidr('2000::/3');
const IPV4_COMPATIBLE = cidr('::/96');
const NAT64_WELL_KNOWN = cidr('64:ff9b::/96');

function namedRange(address: ipaddr.IPv4 | ipaddr.IPv6, table: Record<string, Cidr[]>) {
  for (const [name, ranges] of Object.entries(table)) {
    if (
      ranges.some(([base, bits]) => base.kind() === address.kind() && address.match(base, bits))
    ) {
      return name;
    }
  }
  return null;
}

function ipv4Reason(address: ipaddr.IPv4): string | null {
  const named = namedRange(address, IPV4_NAMED);
  if (named) return named;
  const range = address.range();
  return range === 'unicast' ? null : (RANGE_WORDS[range] ?? range);
}

const lastIpv4Of = (address: ipaddr.IPv6) =>
  ipaddr.fromByteArray(address.toByteArray().slice(12)) as ipaddr.IPv4;

/**
 * The IPv4 address an IPv6 address stands for (mapped, translated, NAT64, 6to4, IPv4-compatible),
 * with the form's name: connecting to it reaches that IPv4 address, so that one is judged.
 */
function embeddedIpv4(address: ipaddr.IPv6, range: string): [ipaddr.IPv4, string] | null {
  if (range === 'ipv4Mapped') return [address.toIPv4Address(), 'IPv4-mapped'];
  if (range === 'rfc6145') return [lastIpv4Of(address), 'IPv4-translated'];
  if (range === 'rfc6052' && address.match(NAT64_WELL_KNOWN)) return [lastIpv4Of(address), 'NAT64'];
  if (range === '6to4') {
    const bytes = address.toByteArray();
    return [ipaddr.fromByteArray(bytes.slice(2, 6)) as ipaddr.IPv4, '6to4'];
  }
  if (range === 'unicast' && address.match(IPV4_COMPATIBLE)) {
    return [lastIpv4Of(address), 'IPv4-compatible'];
  }
  return null;
}

function ipv6Reason(address: ipaddr.IPv6): string | null {
  const named = namedRange(address, IPV6_NAMED);
  if (named) return named;
  const range = address.range();
  const embedded = embeddedIpv4(address, range);
  if (embedded) {
    const [ipv4, form] = embedded;
    const reason = ipv4Reason(ipv4);
    return reason ? `${reason} (${form})` : null;
  }
  if (range !== 'unicast') return RANGE_WORDS[range] ?? range;
  // Only 2000::/3 is handed out for the public internet; the rest is reserved by the IETF.
  return address.match(GLOBAL_UNICAST_V6) ? null : 'reserved';
}

/**
 * Why a webhook may not connect to this IP address (loopback, private, link-local, unspecified,
 * multicast, documentation, reserved, or one of those written as IPv6), or null for a public
 * address. The ranges are ipaddr.js's maintained table of special-purpose addresses.
 */
export function blockedAddressReason(address: string): string | null {
  const bare = address.split('%')[0]!;
  // node:net accepts only the canonical forms; ipaddr.js alone would also read "0x7f.1".
  const family = isIP(bare);
  if (family === 4) return ipv4Reason(ipaddr.IPv4.parse(bare));
  if (family === 6) return ipv6Reason(ipaddr.IPv6.parse(bare));
  return 'not an IP address';
}
