import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBodyCapped } from './read-body.js';

// Real undici bodies from a real server: what the platform client reads.
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/cut') {
      res.writeHead(200, { 'content-length': '100' });
      res.write('0123456789');
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    res.end('é'.repeat(10));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('readBodyCapped', () => {
  it('reads a whole body, and cuts one past the limit (a split character marked)', async () => {
    expect(await readBodyCapped((await request(`${url}/`)).body, 100)).toEqual({
      text: 'é'.repeat(10),
      truncated: false,
    });
    const cut = await readBodyCapped((await request(`${url}/`)).body, 5);
    expect(cut).toEqual({ text: 'éé\uFFFD', truncated: true });
  });

  it('rejects, and does not hang, when the server goes away mid-body', async () => {
    const { body } = await request(`${url}/cut`);
    await expect(readBodyCapped(body, 1_000)).rejects.toThrow();
    expect(body.destroyed).toBe(true);
  });

  it('rejects a body destroyed before it is read, and one destroyed while it is read', async () => {
    const first = (await request(`${url}/cut`)).body;
    first.destroy();
    await expect(readBodyCapped(first, 1_000)).rejects.toThrow();
    const second = (await request(`${url}/cut`)).body;
    const reading = readBodyCapped(second, 1_000);
    second.once('data', () => second.destroy());
    await expect(reading).rejects.toThrow();
  });
});
