import { BlockList, isIP } from 'node:net';

/**
 * Addresses that name no place: loopback, private networks (RFC 1918, unique local), link-local,
 * the carrier-grade NAT range and the unspecified address. They are the local network to the
 * user and never leave this server for a lookup.
 */
const LOCAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  LOCAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  LOCAL.addSubnet(network, prefix, 'ipv6');
}

export type AddressKind = 'local' | 'public' | 'unknown';

/** An IPv4 address written as IPv6 (::ffff:203.0.113.9, as a dual-stack socket reports it) in its IPv4 form. */
export function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? (mapped[1] as string) : ip;
}

/** Whether an address is the user's local network, a public one worth looking up, or not an address at all. */
export function addressKind(ip: string | null | undefined): AddressKind {
  if (!ip) return 'unknown';
  const plain = plainAddress(ip.trim());
  const family = isIP(plain);
  if (family === 0) return 'unknown';
  return LOCAL.check(plain, family === 4 ? 'ipv4' : 'ipv6') ? 'local' : 'public';
}
