import { describe, expect, it } from 'vitest';
import { isBot } from './bots.ts';

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('isBot', () => {
  it('tells crawlers and scripts from browsers, the same on every call', () => {
    for (let i = 0; i < 3; i++) {
      expect(isBot(BROWSER)).toBe(false);
      expect(isBot(GOOGLEBOT)).toBe(true);
      expect(isBot('curl/8.5.0')).toBe(true);
    }
  });

  it('counts a request without a user agent as a bot', () => {
    expect(isBot(undefined)).toBe(true);
    expect(isBot(null)).toBe(true);
    expect(isBot('')).toBe(true);
  });
});
