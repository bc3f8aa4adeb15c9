import { BlockList, isIP } from 'node:net';
import type { UserSessionPlace } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import { addressKind, plainAddress } from './ip-address';

/**
 * A stand-in for an ipinfo.io-style place lookup, speaking its protocol (GET /<ip>/json answering
 * {ip, city, region, country}; {ip, bogon: true} for a reserved address; 404 for what is no
 * address), so the product's client talks to it as to the service. The embedded default mounts it
 * at /geo-sim; tests start it on a port of their own; production never has it (config.ts).
 *
 * Its places are fixed, on the documentation ranges no real network uses:
 * 203.0.113.0/24 is Chicago, 198.51.100.0/24 Monterrey, and 192.0.2.0/24 a service that fails
 * (503), to see how the portal answers that. Any other address is known nowhere.
 */
export const SIMULATED_PLACES: { network: string; prefix: number; place: UserSessionPlace }[] = [
  { network: '203.0.113.0', prefix: 24, place: { city: 'Chicago', region: 'Illinois', country: 'US' } },
  { network: '198.51.100.0', prefix: 24, place: { city: 'Monterrey', region: 'Nuevo León', country: 'MX' } },
];
export const SIMULATED_FAILURE = { network: '192.0.2.0', prefix: 24 };

const inRange = (ip: string, network: string, prefix: number) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, 'ipv4');
  return isIP(ip) === 4 && list.check(ip, 'ipv4');
};

export async function geoSimulator(app: FastifyInstance) {
  app.get<{ Params: { ip: string } }>('/:ip/json', async (request, reply) => {
    const ip = plainAddress(request.params.ip);
    if (!isIP(ip)) {
      return reply.code(404).send({ status: 404, error: { title: 'Wrong ip', message: 'Please provide a valid IP address' } });
    }
    if (inRange(ip, SIMULATED_FAILURE.network, SIMULATED_FAILURE.prefix)) {
      return reply
        .code(503)
        .send({ status: 503, error: { title: 'Unavailable', message: 'The simulated service is down for this range' } });
    }
    if (addressKind(ip) === 'local') return { ip, bogon: true };
    const known = SIMULATED_PLACES.find((p) => inRange(ip, p.network, p.prefix));
    return known ? { ip, ...known.place } : { ip };
  });
}
