import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { postTo } from './webhook-delivery';
import { isBlockedAddress, publicOnlyLookup, type Resolver, targetProblem } from './webhook-target';

/** Server-side request forgery through webhook targets (issue 17). */
describe('the address check', () => {
  it('refuses loopback, private, link-local, CGNAT, unspecified and IPv6 local addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      'not-an-address',
    ]) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
  });

  it('lets public addresses through, including those next to the private ranges', () => {
    for (const address of [
      '8.8.8.8',
      '172.15.255.255',
      '172.32.0.1',
      '100.63.255.255',
      '100.128.0.1',
      '11.0.0.1',
      '2606:4700::1111',
      '::ffff:1.1.1.1',
    ]) {
      expect(isBlockedAddress(address), address).toBe(false);
    }
  });
});

describe('targetProblem', () => {
  const resolving =
    (map: Record<string, string[]>): Resolver =>
    async (host) => {
      const found = map[host];
      if (!found) throw new Error('ENOTFOUND');
      return found;
    };
  const dns = resolving({
    'hooks.example.com': ['93.184.216.34', '2606:2800:220:1::1'],
    'sneaky.example.com': ['93.184.216.34', '10.0.0.5'],
    'metadata.example.com': ['169.254.169.254'],
  });

  it('in production: https to a host whose every address is public only', async () => {
    expect(await targetProblem('https://hooks.example.com/in', true, dns)).toBeNull();
    expect(await targetProblem('http://hooks.example.com/in', true, dns)).toBe('not_https');
    expect(await targetProblem('https://sneaky.example.com/in', true, dns)).toBe('private_address');
    expect(await targetProblem('https://metadata.example.com/latest', true, dns)).toBe('private_address');
    expect(await targetProblem('https://127.0.0.1/in', true, dns)).toBe('private_address');
    expect(await targetProblem('https://[::1]:8443/in', true, dns)).toBe('private_address');
    expect(await targetProblem('https://[fd00::5]/in', true, dns)).toBe('private_address');
    // Other spellings of an address are normalised by the URL parser first.
    expect(await targetProblem('https://2130706433/in', true, dns)).toBe('private_address');
    expect(await targetProblem('https://0x7f.1/in', true, dns)).toBe('private_address');
    expect(await targetProblem('https://nowhere.example.com/in', true, dns)).toBe('unresolvable');
  });

  it('outside production allows http and loopback (the local receiver)', async () => {
    expect(await targetProblem('http://127.0.0.1:4000/receive', false, dns)).toBeNull();
  });
});

describe("a production delivery's connection", () => {
  let receiver: Server;
  let port: number;
  const posts: string[] = [];
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      posts.push(req.url ?? '');
      res.writeHead(204).end();
    });
    await new Promise<void>((ready) => receiver.listen(0, '127.0.0.1', ready));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => receiver.close(() => done())));

  /** A name server that answers `addresses` for every name (the second answer of a rebinding attack). */
  const answering = (addresses: string[]) =>
    publicOnlyLookup((_host, _options, callback) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      ),
    );

  it('never reaches a private address, even when the name pointed elsewhere at the check (DNS rebinding)', async () => {
    const url = `http://rebound.example.com:${port}/in`;
    await expect(postTo(url, {}, '{}', answering(['127.0.0.1']))).rejects.toThrow('target refused: private_address');
    await expect(postTo(url, {}, '{}', answering(['93.184.216.34', '127.0.0.1']))).rejects.toThrow('private_address');
    expect(posts).toEqual([]);
  });

  it('hands the connection the public addresses it checked, one or all as asked', async () => {
    const lookup = answering(['93.184.216.34', '2606:2800:220:1::1']);
    const one = await new Promise((done) => lookup('hooks.example.com', {}, (err, address, family) => done([err, address, family])));
    expect(one).toEqual([null, '93.184.216.34', 4]);
    const all = await new Promise((done) => lookup('hooks.example.com', { all: true }, (err, addresses) => done([err, addresses])));
    expect(all).toEqual([
      null,
      [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1::1', family: 6 },
      ],
    ]);
  });

  it('outside production posts without it (the local receiver on loopback)', async () => {
    expect(await postTo(`http://127.0.0.1:${port}/local`, {}, '{}')).toBe(204);
    expect(posts).toEqual(['/local']);
  });
});

describe('a production server', () => {
  let t: TestApp;
  let shipper: TestClient;
  beforeAll(async () => {
    // Production wants mail delivered; nothing is mailed here.
    t = await createTestApp({ NODE_ENV: 'production', MAIL_URL: 'smtp://127.0.0.1:9' });
    shipper = await t.client().login('shipper@demo.test');
  });
  afterAll(() => t.close());

  it('refuses a subscription to a private or plain-http target with 422 on url', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'http://93.184.216.34/hook',
    ]) {
      const res = await shipper.post('/api/webhooks', { url, events: ['shipment.booked'] });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.url).toEqual(['This address cannot receive webhooks: it must be https and public']);
    }
    expect((await shipper.get('/api/webhooks')).json().data).toEqual([]);
  });

  it('has no demo receiver', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/webhook-sim/receive', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
