import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '#server/lti/publicAddress';

/**
 * The addresses our server may connect to for a platform (decision 051, "Platform addresses"):
 * the public internet only. Each refused row is a way into our own network.
 */
describe('isPublicAddress', () => {
  it.each([
    // IPv4: public hosts, and the edges of the blocks around them.
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['1.1.1.1', true],
    ['9.255.255.255', true],
    ['11.0.0.0', true],
    ['100.63.255.255', true],
    ['100.128.0.0', true],
    ['172.15.255.255', true],
    ['172.32.0.0', true],
    ['192.167.255.255', true],
    ['192.169.0.0', true],
    ['223.255.255.255', true],
    // IPv4: what is not the public internet.
    ['0.0.0.0', false], // unspecified: connects to this host
    ['0.1.2.3', false],
    ['10.0.0.5', false], // private
    ['10.255.255.255', false],
    ['100.64.0.1', false], // carrier-grade NAT
    ['100.100.100.200', false], // Alibaba Cloud metadata
    ['127.0.0.1', false], // loopback
    ['127.255.255.254', false],
    ['169.254.169.254', false], // AWS, GCP, Azure metadata
    ['169.254.0.1', false], // link-local
    ['172.16.0.1', false], // private
    ['172.31.255.255', false],
    ['192.0.0.8', false], // IETF protocol assignments
    ['192.0.2.1', false], // documentation
    ['192.88.99.1', false], // 6to4 relay
    ['192.168.1.1', false], // private
    ['198.18.0.1', false], // benchmarking
    ['198.19.255.255', false],
    ['198.51.100.7', false], // documentation
    ['203.0.113.9', false], // documentation
    ['224.0.0.1', false], // multicast
    ['239.255.255.250', false],
    ['240.0.0.1', false], // reserved
    ['255.255.255.255', false], // broadcast
    // IPv6: global unicast is public, outside its special blocks.
    ['2606:4700:4700::1111', true],
    ['2001:4860:4860::8888', true],
    ['2a00:1450:4001:82a::200e', true],
    ['::', false], // unspecified
    ['::1', false], // loopback
    ['0:0:0:0:0:0:0:1', false],
    ['fe80::1', false], // link-local
    ['fe80::1%eth0', false], // with a zone: an interface of this host
    ['febf::1', false],
    ['fec0::1', false], // site-local (deprecated)
    ['fc00::1', false], // unique local
    ['fd00:ec2::254', false], // AWS metadata over IPv6
    ['ff02::1', false], // multicast
    ['100::1', false], // discard-only
    ['2001:db8::1', false], // documentation
    ['3fff::1', false], // documentation (RFC 9637)
    ['2001::1', false], // Teredo
    ['2001:10::1', false], // ORCHID
    ['4000::1', false], // not allocated
    // IPv6 carrying IPv4: judged by the IPv4 address.
    ['::ffff:127.0.0.1', false], // mapped loopback
    ['::ffff:7f00:1', false], // the same, in hex
    ['::ffff:169.254.169.254', false],
    ['::ffff:10.0.0.5', false],
    ['::ffff:8.8.8.8', true],
    ['::127.0.0.1', false], // IPv4-compatible (deprecated)
    ['64:ff9b::10.0.0.5', false], // NAT64 of a private address
    ['64:ff9b::808:808', true], // NAT64 of 8.8.8.8
    ['2002:a00:5::1', false], // 6to4 of 10.0.0.5
    ['2002:7f00:1::1', false], // 6to4 of 127.0.0.1
    ['2002:808:808::1', true], // 6to4 of 8.8.8.8
    // Not an address at all.
    ['localhost', false],
    ['', false],
    ['1.2.3', false],
    ['::ffff:999.0.0.1', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
