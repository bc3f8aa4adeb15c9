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
const blockedV4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // 'this network', the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // the 6to4 relays' anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blockedV4.addSubnet(net, prefix, 'ipv4');
}

/**
 * IPv6 is checked the other way round: only global unicast (2000::/3) is public, so everything
 * below it is refused without a list: unspecified, loopback, IPv4-compatible (::a.b.c.d),
 * IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96, 64:ff9b:1::/48), discard, unique local,
 * link-local, multicast. Inside 2000::/3 the forms that carry or translate an IPv4 address are
 * refused too, whatever the address they carry: a public host has an A record for its IPv4
 * address, and these spellings only serve to slip a private one past the check.
 */
const blockedV6 = new BlockList();
for (const [net, prefix] of [
  ['::', 3], // everything below global unicast
  ['4000::', 2], // and above it
  ['8000::', 1],
  ['2001::', 23], // IETF protocol assignments: Teredo (2001::/32), benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: the IPv4 address is bits 16-47
  ['3ffe::', 16], // the retired 6bone
  ['3fff::', 20], // documentation
] as const) {
  blockedV6.addSubnet(net, prefix, 'ipv6');
}

/**
 * An IPv6 address in the URL parser's canonical spelling (lower case, no leading zeros, a dotted
 * IPv4 tail as hex), or undefined when it is none (a zone id, an octal-looking tail).
 */
function canonicalV6(address: string) {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}

/** Whether an IP address is one a webhook may not reach in production; anything that is no address is. */
export function isBlockedAddress(address: string) {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(bare);
  if (family === 4) return blockedV4.check(bare, 'ipv4');
  if (family !== 6) return true;
  const canonical = canonicalV6(bare);
  return canonical === undefined || blockedV6.check(canonical, 'ipv6');
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
