import { describe, it, expect } from 'vitest';
import { FetchError, isPublicAddress, normalizeHost } from '../../../service/fetch';

/** [address, why it is refused]. */
const REFUSED: [string, string][] = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback, top of 127/8'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', '"this network" 0/8'],
  ['10.0.0.1', 'private 10/8'],
  ['10.255.255.255', 'private 10/8, top'],
  ['172.16.0.1', 'private 172.16/12'],
  ['172.31.255.255', 'private 172.16/12, top'],
  ['192.168.1.1', 'private 192.168/16'],
  ['169.254.169.254', 'cloud metadata'],
  ['169.254.0.1', 'link-local'],
  ['100.64.0.1', 'CGNAT'],
  ['100.100.100.200', 'Alibaba metadata (CGNAT)'],
  ['100.127.255.255', 'CGNAT, top'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast, SSDP'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved 240/4'],
  ['192.0.0.192', 'IETF 192.0.0/24 (Oracle metadata)'],
  ['192.0.2.1', 'TEST-NET-1'],
  ['198.51.100.7', 'TEST-NET-2'],
  ['203.0.113.9', 'TEST-NET-3'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking, top'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['::', 'IPv6 unspecified'],
  ['::1', 'IPv6 loopback'],
  ['[::1]', 'bracketed IPv6 loopback'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::1%eth0', 'zone id'],
  ['febf::1', 'IPv6 link-local, top of fe80::/10'],
  ['fec0::1', 'deprecated site-local'],
  ['fc00::1', 'unique-local'],
  ['fd00::1', 'unique-local fd'],
  ['fd00:ec2::254', 'AWS IPv6 metadata'],
  ['ff02::1', 'IPv6 multicast'],
  ['ff0e::1', 'IPv6 global multicast'],
  ['2001:db8::1', 'IPv6 documentation'],
  ['3fff::1', 'IPv6 documentation (RFC 9637)'],
  ['2001:2::1', 'IPv6 benchmarking'],
  ['100::1', 'IPv6 discard'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::8.8.8.8', 'IPv4-compatible (deprecated, not routable; ipaddr.js misreads it as mapped)'],
  ['::808:808', 'IPv4-compatible, hex'],
  ['::ffff:0:8.8.8.8', 'SIIT ::ffff:0:0:0/96'],
  ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
  ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
  ['64:ff9b:1::808:808', 'local-use NAT64'],
  ['2002:7f00:1::1', '6to4 of loopback'],
  ['2002:a9fe:a9fe::1', '6to4 of metadata'],
  ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001:0:808:808:0:0:f5ff:fffe', 'Teredo, client 10.0.0.1'],
  ['0177.0.0.1', 'octal spelling is not an address'],
  ['2130706433', 'decimal spelling is not an address'],
  ['0x7f.1', 'hex spelling is not an address'],
  ['127.1', 'short spelling is not an address'],
  ['localhost', 'a name is not an address'],
  ['', 'empty'],
  ['1.2.3.4.5', 'five parts'],
  ['256.1.1.1', 'octet over 255'],
];

const ALLOWED: string[] = [
  '8.8.8.8',
  '1.1.1.1',
  '9.9.9.9',
  '93.184.216.34',
  '11.0.0.1',
  '172.15.255.255',
  '172.32.0.1',
  '100.63.255.255',
  '100.128.0.1',
  '192.169.0.1',
  '198.17.255.255',
  '198.20.0.1',
  '2606:4700:4700::1111',
  '2001:4860:4860::8888',
  '[2606:4700:4700::1111]',
  '2a00:1450:4001:80b::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::8.8.8.8',
  '2002:808:808::1',
];

describe('isPublicAddress', () => {
  it('judges at least 40 address forms', () => {
    expect(REFUSED.length + ALLOWED.length).toBeGreaterThanOrEqual(40);
  });

  it.each(REFUSED)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(ALLOWED)('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('normalizeHost', () => {
  it.each([
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0x7F.0.0.0x1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['10.1', '10.0.0.1'],
    ['192.168.257', '192.168.1.1'],
    ['0', '0.0.0.0'],
    ['0x', '0.0.0.0'],
    ['8.8.8.8.', '8.8.8.8'],
    ['[::1]', '::1'],
    ['[0:0:0:0:0:0:0:1]', '::1'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
    ['[::127.0.0.1]', '::7f00:1'],
    ['[2606:4700:4700:0:0:0:0:1111]', '2606:4700:4700::1111'],
    ['Example.COM.', 'example.com'],
    ['files.example.org', 'files.example.org'],
  ])('normalizes %s to %s', (host, expected) => {
    expect(normalizeHost(host)).toBe(expected);
  });

  it.each([
    '[fe80::1%25eth0]',
    'fe80::1%eth0',
    '[::1',
    '::1]',
    '[127.0.0.1]',
    '08.0.0.1',
    '0x7g.1',
    '1.2.3.4.5',
    '256.0.0.1',
    '1.2.65536',
    '0x100000000',
    '99999999999999999999999999999999999999999999999',
    '',
    '.',
    'a b.example',
    'exa..mple.com',
  ])('refuses %j with a 400', (host) => {
    let caught: unknown;
    try {
      normalizeHost(host);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FetchError);
    expect((caught as FetchError).status).toBe(400);
    expect((caught as FetchError).code).toBe('invalid_asset_url');
  });

  it('agrees with the WHATWG URL parser on the legacy IPv4 spellings', () => {
    for (const host of ['2130706433', '0177.0.0.1', '0x7f.1', '127.1', '10.1', '0x7f000001']) {
      expect(normalizeHost(new URL(`http://${host}/`).hostname)).toBe(normalizeHost(host));
    }
  });
});
