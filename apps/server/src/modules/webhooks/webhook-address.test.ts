import { describe, expect, it } from 'vitest';

import { blockedAddressReason } from './webhook-address.js';

describe('blockedAddressReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.20', 'private'],
    ['100.64.0.1', 'private (shared address space)'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['169.254.10.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.250', 'documentation'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fc00::1', 'private (unique local)'],
    ['fd12:3456::1', 'private (unique local)'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback (IPv4-mapped)'],
    ['::ffff:a9fe:a9fe', 'link-local (cloud metadata) (IPv4-mapped)'],
    ['::ffff:10.0.0.1', 'private (IPv4-mapped)'],
    ['64:ff9b::a00:1', 'private (NAT64)'],
    ['2002:c0a8:0101::1', 'private (6to4)'],
    ['2001:db8::1', 'documentation'],
    ['2001:db8:ffff::ffff', 'documentation'],
    ['100::1', 'reserved (discard-only)'],
    ['100::ffff:ffff:ffff:ffff', 'reserved (discard-only)'],
    ['::ffff:0:127.0.0.1', 'loopback (IPv4-translated)'],
    ['::ffff:0:a9fe:a9fe', 'link-local (cloud metadata) (IPv4-translated)'],
    ['::ffff:0:192.0.2.1', 'documentation (IPv4-translated)'],
    ['::ffff:192.0.2.1', 'documentation (IPv4-mapped)'],
    ['::7f00:1', 'loopback (IPv4-compatible)'],
    ['::a01:203', 'private (IPv4-compatible)'],
    ['64:ff9b::127.0.0.1', 'loopback (NAT64)'],
    ['64:ff9b:1::8.8.8.8', 'NAT64 local use'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved (Teredo tunnel)'],
    ['2001:2::1', 'reserved (benchmarking)'],
    ['fec0::1', 'private (site-local)'],
    ['4000::1', 'reserved'],
    ['::2:0:0:1', 'reserved'],
    ['not-an-address', 'not an IP address'],
    ['0x7f.1', 'not an IP address'],
  ])('refuses %s as %s', (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '169.255.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '::ffff:0:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:0808:0808::1',
    '2a00:1450:4001:82b::200e',
    '192.0.3.1',
    '203.0.114.1',
  ])('allows the public address %s', (address) => {
    expect(blockedAddressReason(address)).toBeNull();
  });
});
