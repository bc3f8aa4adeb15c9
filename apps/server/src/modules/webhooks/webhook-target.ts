import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * No server-side request forgery through webhooks: in production a target must be https and every
 * address its host resolves to must be public. Checked when a subscription is saved and again
 * before each attempt (a name can be pointed elsewhere after it was accepted), and by the
 * connection's own lookup (`publicOnlyLookup`), so a name re-pointed inward between that check and
 * the connection (DNS rebinding) reaches nothing; redirects are not followed (webhook-delivery.ts),
 * so a public target cannot bounce a delivery inward either.
 * Outside production http and loopback are allowed: the local receiver of tests and the demo.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // 'this network', the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind it may be private
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Whether an IP address is one a webhook may not reach in production (IPv4-mapped IPv6 is checked as its IPv4). */
export function isBlockedAddress(address: string) {
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Why a target is refused, or null when it may be called. */
export type TargetProblem = 'not_https' | 'unresolvable' | 'private_address' | null;

export async function targetProblem(url: string, production: boolean, resolve: Resolver = systemResolver): Promise<TargetProblem> {
  if (!production) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') return 'not_https';
  // An IPv6 literal keeps its brackets in `hostname`.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    return 'unresolvable';
  }
  if (addresses.length === 0) return 'unresolvable';
  return addresses.some(isBlockedAddress) ? 'private_address' : null;
}

type AllAddresses = (host: string, options: LookupAllOptions, callback: (err: Error | null, addresses: LookupAddress[]) => void) => void;

/**
 * The lookup of a production delivery's connection: the addresses it connects to are the ones it
 * checked, and a name that resolves to any private address fails the connection.
 */
export function publicOnlyLookup(resolve: AllAddresses = dnsLookup): LookupFunction {
  return (host, options, callback) => {
    resolve(host, { ...options, all: true }, (err, addresses) => {
      const refused = !err && (addresses.length === 0 || addresses.some((a) => isBlockedAddress(a.address)));
      const failure = err ?? (refused ? Object.assign(new Error('target refused: private_address'), { code: 'PRIVATE_ADDRESS' }) : null);
      // LookupFunction's callback takes (err, address, family), or (err, addresses) when asked for all.
      const answer = callback as (err: Error | null, address: string | LookupAddress[], family?: number) => void;
      if (failure) answer(failure, '', 0);
      else if (options.all) answer(null, addresses);
      else answer(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
    });
  };
}
