import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryHeaders, signature } from './webhook-body.js';
import { postWebhook } from './webhook-post.js';
import { isPublicAddress, targetRefusal, type Resolve } from './webhook-target.js';

/** A name server that answers what the test says. */
const resolvesTo =
  (...addresses: string[]): Resolve =>
  () =>
    Promise.resolve(
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

const CLOSED = { allowPrivate: false, ownPort: 8080 };
const OPEN = { allowPrivate: true, ownPort: 8080 };

describe('where a webhook may point', () => {
  it('takes http(s) URLs without credentials only', async () => {
    const pub = resolvesTo('93.184.216.34');
    expect(await targetRefusal('https://hooks.example.com/x', CLOSED, pub)).toBeNull();
    expect(await targetRefusal('ftp://hooks.example.com/x', CLOSED, pub)).toMatch(/http:\/\//);
    expect(await targetRefusal('javascript:alert(1)', CLOSED, pub)).toMatch(/http:\/\//);
    expect(await targetRefusal('file:///etc/passwd', CLOSED, pub)).toMatch(/http:\/\//);
    expect(await targetRefusal('not a url', CLOSED, pub)).toMatch(/not valid/);
    expect(await targetRefusal('https://me:pw@hooks.example.com/', CLOSED, pub)).toMatch(
      /user name or password/,
    );
  });

  it('refuses loopback, private, link-local and cloud metadata addresses, by name or literal', async () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.5',
      '192.168.1.2',
      '172.20.0.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::2',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '100.64.0.9',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
      expect(
        await targetRefusal('http://hooks.example.com/', CLOSED, resolvesTo(address)),
        address,
      ).toMatch(/inside the network/);
    }
    expect(await targetRefusal('http://169.254.169.254/latest', CLOSED)).toMatch(
      /inside the network/,
    );
    expect(await targetRefusal('http://[::1]:9000/', CLOSED)).toMatch(/inside the network/);
    expect(await targetRefusal('http://localhost:9000/', CLOSED)).toMatch(/inside the network/);
    // One private address among public ones is enough to refuse: any may be the one connected to.
    expect(
      await targetRefusal(
        'http://hooks.example.com/',
        CLOSED,
        resolvesTo('93.184.216.34', '10.1.1.1'),
      ),
    ).toMatch(/10\.1\.1\.1/);
  });

  it('allows private targets when the admin says so, but never the station itself', async () => {
    expect(await targetRefusal('http://127.0.0.1:9000/hook', OPEN)).toBeNull();
    expect(await targetRefusal('http://localhost:8080/api', OPEN)).toMatch(/this station itself/);
    expect(await targetRefusal('http://127.0.0.1:8080/', OPEN)).toMatch(/this station itself/);
  });

  it('refuses a host that cannot be found', async () => {
    const nowhere: Resolve = () => Promise.reject(new Error('ENOTFOUND'));
    expect(await targetRefusal('https://nowhere.invalid/', CLOSED, nowhere)).toMatch(
      /could not be found/,
    );
  });
});

describe('sending', () => {
  let server: http.Server;
  let port: number;
  const seen: { headers: http.IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ headers: req.headers, body });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('signs the timestamp and body with the secret', async () => {
    const body = '{"event":"track.started"}';
    const headers = deliveryHeaders('whsec_k', 'track.started', 'd-1', body, 1_700_000_000);
    const answer = await postWebhook(`http://127.0.0.1:${port}/in`, headers, body, OPEN, 2000);
    expect(answer.status).toBe(200);
    const got = seen.at(-1)!;
    expect(got.body).toBe(body);
    expect(got.headers['x-queuecast-signature']).toBe(signature('whsec_k', 1_700_000_000, body));
    expect(got.headers['x-queuecast-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(got.headers['x-queuecast-delivery']).toBe('d-1');
  });

  it('checks the address it connects to: a name that resolves inside the network is not called', async () => {
    const before = seen.length;
    // localhost passed a check that believed it public; the lookup made for the call refuses it.
    await expect(
      postWebhook(`http://localhost:${port}/in`, {}, '{}', CLOSED, 2000),
    ).rejects.toThrow(/inside the network/);
    await expect(
      postWebhook(`http://127.0.0.1:${port}/in`, {}, '{}', CLOSED, 2000),
    ).rejects.toThrow(/inside the network/);
    expect(seen.length).toBe(before);
  });
});
