import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { lookup as systemLookup } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrivateAddressError, privateAddressIn, publicFetch } from './publicFetch.ts';

let server: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    hits++;
    if (request.url === '/moved') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** A resolver that answers every name with `address`, as a rebinding name server would. */
const answering = (address: string) =>
  ((_name: string, _options: unknown, callback: (error: null, addresses: { address: string; family: number }[]) => void) =>
    callback(null, [{ address, family: address.includes(':') ? 6 : 4 }])) as unknown as typeof systemLookup;

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return privateAddressIn(error);
}

describe('publicFetch', () => {
  it('reaches a loopback server only where loopback is allowed', async () => {
    const local = publicFetch({ allowLoopback: true });
    expect(await (await local(`http://127.0.0.1:${port}/`)).json()).toEqual({ ok: true });
    const before = hits;
    const strict = publicFetch({ allowLoopback: false });
    expect(await refusal(strict(`http://127.0.0.1:${port}/`))).toBeInstanceOf(PrivateAddressError);
    expect(await refusal(strict(`http://[::ffff:127.0.0.1]:${port}/`))).toBeInstanceOf(PrivateAddressError);
    expect(await refusal(strict(`http://localhost:${port}/`))).toBeInstanceOf(PrivateAddressError);
    expect(hits).toBe(before);
  });

  it('never reaches private, link-local or unspecified addresses, written as such or behind a name', async () => {
    const local = publicFetch({ allowLoopback: true });
    for (const url of [
      'http://10.1.2.3/',
      'http://172.16.0.1/',
      'http://192.168.0.1/',
      'http://169.254.169.254/',
      'http://0.0.0.0/',
      'http://[fe80::1]/',
      'http://[fd12::1]/',
      'http://[::ffff:10.0.0.1]/',
    ])
      expect((await refusal(local(url)))?.message, url).toMatch(/not a public address/);
    const rebound = publicFetch({ allowLoopback: true, lookup: answering('169.254.169.254') });
    const refused = await refusal(rebound('http://issuer.example/.well-known/openid-configuration'));
    expect(refused?.message).toBe('issuer.example resolves to 169.254.169.254, which is not a public address');
  });

  it('dials the address it checked, and follows no redirect', async () => {
    const pinned = publicFetch({ allowLoopback: true, lookup: answering('127.0.0.1') });
    expect((await pinned(`http://issuer.example:${port}/`)).status).toBe(200);
    const moved = await pinned(`http://issuer.example:${port}/moved`);
    expect(moved.status).toBe(302);
  });
});
