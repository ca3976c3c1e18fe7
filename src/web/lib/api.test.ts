// @vitest-environment jsdom
/**
 * The API clients send the page's language (decision 0045): 'hi' on /hi pages, 'en-IN' otherwise, to a real
 * HTTP server that records what it is sent.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountFetch } from '../features/session/api.ts';
import { apiFetch } from './api.ts';

let server: Server;
let url: string;
const seen: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers['accept-language']);
    res.setHeader('content-type', 'application/json');
    res.end('{"success":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the API clients', () => {
  it('say the page’s language in Accept-Language', async () => {
    window.history.replaceState(null, '', '/hi/product/12');
    await apiFetch(`${url}/a`);
    await accountFetch('/b', { base: url });
    window.history.replaceState(null, '', '/product/12');
    await apiFetch(`${url}/c`);
    await accountFetch('/d', { base: url, method: 'POST', json: {} });
    // A caller's own header stays.
    await apiFetch(`${url}/e`, { headers: { 'accept-language': 'hi' } });
    expect(seen).toEqual(['hi', 'hi', 'en-IN', 'en-IN', 'hi']);
  });
});
