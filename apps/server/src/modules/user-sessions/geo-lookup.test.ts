import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { geoSimulator } from './geo.simulator';
import { ipinfoLookup, placeOf } from './geo-lookup';

const log = { warn: vi.fn() } as unknown as Parameters<typeof ipinfoLookup>[0]['log'];

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the place lookup', () => {
  it('reads city, region and country, and nothing of an answer that names no place', () => {
    expect(placeOf({ ip: '8.8.8.8', city: 'Mountain View', region: 'California', country: 'us', loc: '1,2' })).toEqual({
      city: 'Mountain View',
      region: 'California',
      country: 'US',
    });
    expect(placeOf({ ip: '10.0.0.1', bogon: true })).toBeNull();
    expect(placeOf({ ip: '1.2.3.4', city: ' ', country: 'Narnia' })).toBeNull();
    expect(placeOf({ city: 'Line\nbreak\u0000', region: 42 })).toEqual({ city: 'Line break', region: null, country: null });
    expect(placeOf('nonsense')).toBeNull();
  });

  it('asks only for public addresses, once each, with the token as a bearer', async () => {
    const fetch = vi.fn(async () => answer({ city: 'Chicago', region: 'Illinois', country: 'US' }));
    const geo = ipinfoLookup({ baseUrl: 'https://geo.example/', token: 'secret-token', timeoutMs: 500, log, fetch });
    for (const ip of ['127.0.0.1', '192.168.1.4', '::1', null, 'not-an-ip']) expect(await geo.place(ip)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();

    const both = await Promise.all([geo.place('203.0.113.5'), geo.place('::ffff:203.0.113.5')]);
    expect(both).toEqual([
      { city: 'Chicago', region: 'Illinois', country: 'US' },
      { city: 'Chicago', region: 'Illinois', country: 'US' },
    ]);
    expect(await geo.place('203.0.113.5')).toEqual({ city: 'Chicago', region: 'Illinois', country: 'US' });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://geo.example/203.0.113.5/json');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer secret-token');
  });

  it('gives no place for a refusal or a network failure, and does not ask again at once', async () => {
    const fetch = vi.fn(async () => answer({ error: 'rate limited' }, 429));
    const geo = ipinfoLookup({ baseUrl: 'https://geo.example', timeoutMs: 500, log, fetch });
    expect(await geo.place('198.51.100.1')).toBeNull();
    expect(await geo.place('198.51.100.1')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);

    const down = ipinfoLookup({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500, log });
    expect(await down.place('198.51.100.2')).toBeNull();
  });

  describe('against a server', () => {
    let hanging: http.Server;
    let sim: ReturnType<typeof Fastify>;
    beforeAll(async () => {
      hanging = http.createServer(() => {
        // Never answers.
      });
      await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
      sim = Fastify({ logger: false });
      await sim.register(geoSimulator);
      await sim.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(async () => {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
      await sim.close();
    });

    it('gives up on a slow service within its time', async () => {
      const port = (hanging.address() as AddressInfo).port;
      const geo = ipinfoLookup({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 150, log });
      const started = performance.now();
      expect(await geo.place('203.0.113.77')).toBeNull();
      expect(performance.now() - started).toBeLessThan(1000);
    });

    it('reads the simulator’s places as the service’s', async () => {
      const geo = ipinfoLookup({ baseUrl: `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`, timeoutMs: 1000, log });
      expect(await geo.place('203.0.113.1')).toEqual({ city: 'Chicago', region: 'Illinois', country: 'US' });
      expect(await geo.place('198.51.100.250')).toEqual({ city: 'Monterrey', region: 'Nuevo León', country: 'MX' });
      expect(await geo.place('8.8.4.4')).toBeNull();
      expect(await geo.place('192.0.2.1')).toBeNull();
      const wrong = await sim.inject({ method: 'GET', url: '/not-an-ip/json' });
      expect(wrong.statusCode).toBe(404);
      expect((await sim.inject({ method: 'GET', url: '/10.1.2.3/json' })).json()).toEqual({ ip: '10.1.2.3', bogon: true });
    });
  });
});
