import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { postTo } from './webhook-delivery';
import { isBlockedAddress, publicOnlyLookup, type Resolver, targetProblem } from './webhook-target';

/** Server-side request forgery through webhook targets. */
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
      '2606:4700:4700::1111',
      '2a00:1450:4001:80b::200e',
      '[2606:4700::1111]',
      '2606:4700:0000:0000:0000:0000:0000:1111',
      '2001:4860:4860::8888', // just past Teredo's 2001::/32 and the rest of 2001::/23
      '192.0.3.1',
    ]) {
      expect(isBlockedAddress(address), address).toBe(false);
    }
  });

  it('refuses every IPv6 form that carries or translates an IPv4 address, in any spelling', () => {
    const forms = {
      'IPv4-compatible': ['::127.0.0.1', '::7f00:1', '::a00:1', '::8.8.8.8', '0:0:0:0:0:0:7f00:1'],
      'IPv4-mapped': [
        '::ffff:127.0.0.1',
        '::ffff:7f00:1',
        '::FFFF:7F00:1',
        '::ffff:7F00:0001',
        '0:0:0:0:0:ffff:7f00:1',
        '0000:0000:0000:0000:0000:ffff:7f00:0001',
        '[::ffff:7f00:1]',
        '[::ffff:127.0.0.1]',
        '::ffff:0:127.0.0.1', // IPv4-translated (SIIT)
        '::ffff:1.1.1.1', // a public IPv4 behind the mapping is refused too: a public host has an A record
      ],
      '6to4': ['2002:7f00:1::1', '2002:a9fe:a9fe::', '2002::1', '2002:0808:0808::1'],
      NAT64: ['64:ff9b::7f00:1', '64:ff9b::127.0.0.1', '64:ff9b::808:808', '64:FF9B:0000::0a00:0001', '64:ff9b:1::a00:1'],
      Teredo: ['2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:0000:0:0:0:0:0:1'],
    };
    for (const [form, addresses] of Object.entries(forms)) {
      for (const address of addresses) expect(isBlockedAddress(address), `${form} ${address}`).toBe(true);
    }
  });

  it('refuses the other non-public IPv6 and IPv4 ranges', () => {
    for (const address of [
      '100::1', // discard
      '2001:db8::1', // documentation
      '3fff::1',
      '2001:2::1', // benchmarking
      '2001:10::1', // ORCHID
      'fec0::1', // site-local
      'FE80::1',
      'fe80::1%eth0', // a zone id names a local interface
      'ff02::1',
      '4000::1', // outside global unicast
      'a::1',
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.9',
      '192.88.99.1',
      '010.0.0.1', // no address at all (octal-looking)
      '',
      '[]',
      '::ffff:127.000.000.001', // zero-padded IPv4 tail: no address
    ]) {
      expect(isBlockedAddress(address), address).toBe(true);
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
    'mapped.example.com': ['2606:2800:220:1::1', '::ffff:a9fe:a9fe'],
  });

  it('in production: https to a host whose every address is public only', async () => {
    expect(await targetProblem('https://hooks.example.com/in', true, dns)).toBeNull();
    expect(await targetProblem('http://hooks.example.com/in', true, dns)).toBe('not_https');
    expect(await targetProblem('https://sneaky.example.com/in', true, dns)).toBe('private_address');
    expect(await targetProblem('https://metadata.example.com/latest', true, dns)).toBe('private_address');
    expect(await targetProblem('https://127.0.0.1/in', true, dns)).toBe('private_address');
    expect(await targetProblem('https://[::1]:8443/in', true, dns)).toBe('private_address');
    expect(await targetProblem('https://[fd00::5]/in', true, dns)).toBe('private_address');
    expect(await targetProblem('https://[::ffff:7f00:1]/in', true, dns)).toBe('private_address');
    expect(await targetProblem('https://[::FFFF:127.0.0.1]/in', true, dns)).toBe('private_address');
    expect(await targetProblem('https://[64:ff9b::a9fe:a9fe]/in', true, dns)).toBe('private_address');
    expect(await targetProblem('https://mapped.example.com/in', true, dns)).toBe('private_address');
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
    await expect(postTo(url, {}, '{}', answering(['::ffff:7f00:1']))).rejects.toThrow('private_address');
    await expect(postTo(url, {}, '{}', answering(['64:ff9b::7f00:1']))).rejects.toThrow('private_address');
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
      'https://[::ffff:7f00:1]/hook',
      'https://[0:0:0:0:0:FFFF:7F00:0001]/hook',
      'https://[::7f00:1]/hook',
      'https://[2002:7f00:1::1]/hook',
      'https://[64:ff9b::a9fe:a9fe]/hook',
      'https://[64:ff9b:1::a00:1]/hook',
      'https://[2001::7f00:1]/hook',
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
