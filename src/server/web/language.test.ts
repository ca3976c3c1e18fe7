import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  pendingLocale,
  registerLanguageSwitch,
  rememberedLocale,
  rememberedLocaleRedirect,
} from './language.ts';

const request = (url: string, cookie?: string, method = 'GET') =>
  ({ url, method, headers: cookie ? { cookie } : {} }) as Parameters<typeof rememberedLocaleRedirect>[0];

describe('the language switch', () => {
  const app = Fastify();
  registerLanguageSwitch(app, true);

  it('remembers the choice and opens the same page in that language', async () => {
    const hi = await app.inject('/language?to=hi&next=%2Fproduct%2F12%3Fvariant%3D3');
    expect(hi.statusCode).toBe(303);
    expect(hi.headers.location).toBe('/hi/product/12?variant=3');
    expect(hi.headers['set-cookie']).toEqual([
      'verdict_lang=hi; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
      // For a signed-in member's account, taken at the next user API call with the session (decision 0045).
      'verdict_lang_sync=hi; Path=/user/api/v1; Max-Age=3600; HttpOnly; SameSite=Lax; Secure',
    ]);
    expect(hi.headers['cache-control']).toBe('no-store');

    const en = await app.inject('/language?to=en&next=%2Fhi%2Fproduct%2F12');
    expect(en.headers.location).toBe('/product/12');
    expect([en.headers['set-cookie']].flat()[0]).toMatch(/^verdict_lang=en;/);
    expect((await app.inject('/language?to=hi&next=%2F')).headers.location).toBe('/hi');
  });

  it('never leaves the site, whatever it is sent', async () => {
    for (const next of ['//evil.example/x', '/\\evil.example', 'https://evil.example', '', 'x']) {
      const res = await app.inject(`/language?to=hi&next=${encodeURIComponent(next)}`);
      expect([next, res.headers.location]).toEqual([next, '/hi']);
    }
    const unknown = await app.inject('/language?to=fr&next=%2Fhome');
    expect([unknown.statusCode, unknown.headers.location]).toEqual([303, '/']);
    // Not a choice: the page falls back to English, an account's language stays as it is.
    expect([unknown.headers['set-cookie']].flat()).toEqual([
      'verdict_lang=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
    ]);
  });

  it('sends a visitor who chose Hindi from an English page to the Hindi one, and nobody else', () => {
    expect(rememberedLocaleRedirect(request('/browse?brand=1', 'a=1; verdict_lang=hi'))).toBe(
      '/hi/browse?brand=1',
    );
    expect(rememberedLocaleRedirect(request('/', 'verdict_lang=hi'))).toBe('/hi');
    expect(rememberedLocaleRedirect(request('/hi/browse', 'verdict_lang=hi'))).toBeNull();
    expect(rememberedLocaleRedirect(request('/hi/browse', 'verdict_lang=en'))).toBeNull();
    expect(rememberedLocaleRedirect(request('/browse', 'verdict_lang=en'))).toBeNull();
    expect(rememberedLocaleRedirect(request('/browse'))).toBeNull();
    expect(rememberedLocaleRedirect(request('/browse', 'verdict_lang=hi', 'POST'))).toBeNull();
    expect(rememberedLocale('xverdict_lang=hi')).toBeNull();
  });
});

describe('the language switch’s pending choice', () => {
  it('reads the switch’s pending choice from the cookies, and nothing else', () => {
    expect(pendingLocale('a=1; verdict_lang_sync=hi')).toBe('hi');
    expect(pendingLocale('verdict_lang_sync=en')).toBe('en');
    expect(pendingLocale('verdict_lang_sync=fr')).toBeNull();
    expect(pendingLocale('verdict_lang=hi')).toBeNull();
    expect(pendingLocale(undefined)).toBeNull();
  });
});
