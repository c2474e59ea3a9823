import { BlockList, isIP } from 'node:net';

/**
 * Whether our server may connect to an IP address named by a platform URL (decision 051,
 * "Platform addresses"): only addresses of the public internet. A trainer types the platform's
 * URLs and a platform's launch names its service URLs, so without this rule either could make
 * our server call a service inside our own network (a database console, the cloud's metadata
 * endpoint at 169.254.169.254) and tell the caller how it answered (server-side request
 * forgery). Pure, so it is a table test (tests/unit/server/lti/publicAddress.test.ts).
 *
 * IPv4: everything in the IANA special-purpose registry that is not globally reachable.
 * IPv6: only global unicast (2000::/3) outside its special blocks; an address that carries an
 * IPv4 address (mapped, NAT64, 6to4) is judged by the IPv4 address it carries.
 */

const V4_NOT_PUBLIC: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (Alibaba's metadata is 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

/** Special blocks inside 2000::/3 that are not an ordinary public host. */
const V6_GLOBAL_NOT_PUBLIC: ReadonlyArray<readonly [string, number]> = [
  ['2001::', 23], // IETF protocol assignments: Teredo (2001::/32), ORCHID, benchmarking…
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
];

const v4Blocked = new BlockList();
for (const [network, prefix] of V4_NOT_PUBLIC) v4Blocked.addSubnet(network, prefix, 'ipv4');
const v6Global = new BlockList();
v6Global.addSubnet('2000::', 3, 'ipv6');
const v6Blocked = new BlockList();
for (const [network, prefix] of V6_GLOBAL_NOT_PUBLIC) v6Blocked.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address that node:net's isIP accepted. */
function ipv6Groups(address: string): number[] {
  // A trailing dotted quad (::ffff:127.0.0.1) is the last two groups written in IPv4 form.
  const text = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)]
      .map((group) => group.toString(16))
      .join(':'),
  );
  const [head = '', rest] = text.split('::');
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const front = parse(head);
  const back = rest === undefined ? [] : parse(rest);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

function v4From(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

export function isPublicAddress(address: string): boolean {
  // A zone (fe80::1%eth0) names an interface of this host: link-local whatever follows.
  if (address.includes('%')) return false;
  const family = isIP(address);
  if (family === 4) return !v4Blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zeros = (list: number[]) => list.every((group) => group === 0);
  // ::ffff:a.b.c.d (mapped) and 64:ff9b::a.b.c.d (NAT64) reach the IPv4 address they carry.
  if (zeros([g0, g1, g2, g3, g4]) && g5 === 0xffff) return isPublicAddress(v4From(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && zeros([g2, g3, g4, g5]))
    return isPublicAddress(v4From(g6, g7));
  // 6to4 (2002:aabb:ccdd::/48) is relayed to the IPv4 address in its second and third groups.
  if (g0 === 0x2002) return isPublicAddress(v4From(g1, g2));
  const canonical = groups.map((group) => group.toString(16)).join(':');
  return v6Global.check(canonical, 'ipv6') && !v6Blocked.check(canonical, 'ipv6');
}
