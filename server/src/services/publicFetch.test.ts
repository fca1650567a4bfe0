import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { lookup as systemLookup } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrivateAddressError, privateAddressIn, publicFetch, ResponseTooLargeError, tooLargeIn } from './publicFetch.ts';

let server: Server;
let port: number;
let hits = 0;
const drips = new Set<ReturnType<typeof setInterval>>();

beforeAll(async () => {
  server = createServer((request, response) => {
    hits++;
    if (request.url === '/moved') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      return;
    }
    if (request.url === '/declared-large') {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(5 * 1024 * 1024) });
      response.write('{"pad":"');
      return;
    }
    if (request.url === '/streamed-large') {
      // No Content-Length: 3 MB in chunks, as a hostile issuer would send a "discovery document".
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = 'x'.repeat(64 * 1024);
      response.write('{"pad":"');
      for (let i = 0; i < 48; i++) response.write(chunk);
      response.end('"}');
      return;
    }
    if (request.url === '/drip') {
      // Headers at once, then a byte every 50 ms for as long as anyone listens.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"pad":"');
      const drip = setInterval(() => response.write('x'), 50);
      drips.add(drip);
      response.on('close', () => clearInterval(drip));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  for (const drip of drips) clearInterval(drip);
  server.closeAllConnections();
  return new Promise<void>((done) => server.close(() => done()));
});

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

  it('reads at most maxBytes of a body, whatever its Content-Length says', async () => {
    const local = publicFetch({ allowLoopback: true, maxBytes: 1024 * 1024 });
    const declared = await local(`http://127.0.0.1:${port}/declared-large`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(tooLargeIn(declared)).toBeInstanceOf(ResponseTooLargeError);
    const streamed = await local(`http://127.0.0.1:${port}/streamed-large`);
    expect(streamed.status).toBe(200);
    const read = await streamed.json().then(
      () => null,
      (e: unknown) => e,
    );
    expect(tooLargeIn(read)?.message).toBe('127.0.0.1 answered with more than 1024 kB');
    // A small answer reads as before.
    expect(await (await local(`http://127.0.0.1:${port}/`)).json()).toEqual({ ok: true });
  });

  it('gives up on a body that never ends within timeoutMs', async () => {
    const local = publicFetch({ allowLoopback: true, timeoutMs: 400 });
    const started = Date.now();
    const response = await local(`http://127.0.0.1:${port}/drip`);
    const read = await response.text().then(
      () => null,
      (e: unknown) => e,
    );
    expect(read).toBeInstanceOf(Error);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
