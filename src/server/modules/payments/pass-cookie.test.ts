import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Validity } from '../../../shared/payments.ts';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { DAY } from '../../lib/clock.ts';
import { PASS_COOKIE, PassCookie } from './pass-cookie.ts';
import { hmacHex } from './provider.ts';

let t: TestContext;
const clock = new TestClock(Date.parse('2025-05-20T12:00:00Z'));
let cookies: PassCookie;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
  cookies = new PassCookie(t.database.db, clock, false);
});
afterAll(() => t.close());

const USER = 4242;
const MAX_AGE_CAP = 34560000; // 400 days, browsers' limit
const running = (ends: Date): Validity => ({
  success: true,
  ad_free: true,
  valid_until: ends.toISOString(),
  forever: false,
});
const FOREVER: Validity = { success: true, ad_free: true, valid_until: null, forever: true };
const NONE: Validity = { success: true, ad_free: false, valid_until: null, forever: false };
const inDays = (days: number) => new Date(clock.now().getTime() + days * DAY);

const secret = async () =>
  (await query<{ value: string }>(t.database, "SELECT value FROM app_secrets WHERE name = 'pass-cookie'"))[0]!
    .value;
/** The name=value part of a Set-Cookie header, as a browser sends it back. */
const sent = (setCookie: string) => setCookie.split(';')[0]!;
const valueOf = (setCookie: string) => sent(setCookie).slice(PASS_COOKIE.length + 1);

describe('PassCookie.header', () => {
  it('signs a 30-day pass: user id, end in ms, HMAC; Max-Age the seconds left', async () => {
    const ends = inDays(30);
    const header = await cookies.header(USER, running(ends));
    const data = `${USER}.${ends.getTime()}`;
    expect(header).toBe(
      `verdict_pass=${data}.${hmacHex(await secret(), data)}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax`,
    );
  });

  it('rounds the seconds left up, so the cookie never outlives the pass by a second or dies before it', async () => {
    const ends = new Date(clock.now().getTime() + 1500);
    expect(await cookies.header(USER, running(ends))).toContain('; Max-Age=2;');
  });

  it('signs a forever pass with Max-Age capped at 400 days, and a longer timed pass too', async () => {
    const data = `${USER}.forever`;
    expect(await cookies.header(USER, FOREVER)).toBe(
      `verdict_pass=${data}.${hmacHex(await secret(), data)}; Path=/; Max-Age=${MAX_AGE_CAP}; HttpOnly; SameSite=Lax`,
    );
    expect(MAX_AGE_CAP).toBe(400 * 86400);
    expect(await cookies.header(USER, running(inDays(1825)))).toContain(`; Max-Age=${MAX_AGE_CAP};`);
    expect(await cookies.header(USER, running(inDays(400)))).toContain(`; Max-Age=${MAX_AGE_CAP};`);
    expect(await cookies.header(USER, running(inDays(399)))).toContain(`; Max-Age=${399 * 86400};`);
  });

  it('clears the cookie when there is no running pass', async () => {
    const cleared = 'verdict_pass=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax';
    expect(await cookies.header(USER, NONE)).toBe(cleared);
    expect(cookies.clear()).toBe(cleared);
  });

  it('adds Secure only when the site is served over https', async () => {
    const secure = new PassCookie(t.database.db, clock, true);
    expect(await secure.header(USER, running(inDays(30)))).toMatch(
      /; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(await secure.header(USER, FOREVER)).toMatch(/; SameSite=Lax; Secure$/);
    expect(secure.clear()).toBe('verdict_pass=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure');
    for (const header of [await cookies.header(USER, running(inDays(30))), cookies.clear()]) {
      expect(header).not.toContain('Secure');
    }
  });
});

describe('PassCookie.adFree', () => {
  it('accepts its own cookie, alone or among others, and a forever one', async () => {
    const header = await cookies.header(USER, running(inDays(30)));
    expect(await cookies.adFree(sent(header))).toBe(true);
    expect(await cookies.adFree(`theme=dark; ${sent(header)}; lang=en`)).toBe(true);
    expect(await cookies.adFree(`theme=dark;${sent(header)}`)).toBe(true);
    expect(await cookies.adFree(sent(await cookies.header(USER, FOREVER)))).toBe(true);
    // Another instance on the same database shares the secret (every node does).
    expect(await new PassCookie(t.database.db, clock, true).adFree(sent(header))).toBe(true);
  });

  it('refuses a tampered mac, another user id or end with the same mac, and a forged forever', async () => {
    const ends = inDays(30);
    const value = valueOf(await cookies.header(USER, running(ends)));
    const mac = value.split('.')[2]!;
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}`;
    const forged = [
      `${USER}.${ends.getTime()}.${flipped}`,
      `${USER + 1}.${ends.getTime()}.${mac}`,
      `${USER}.${ends.getTime() + DAY}.${mac}`,
      `${USER}.forever.${mac}`,
      `${USER}.${ends.getTime()}.${mac.toUpperCase()}`,
      `${USER}.${ends.getTime()}.${hmacHex('another-secret', `${USER}.${ends.getTime()}`)}`,
    ];
    for (const v of forged) expect(await cookies.adFree(`${PASS_COOKIE}=${v}`), v).toBe(false);
  });

  it('refuses a pass that has ended, from the moment it ends', async () => {
    const ends = new Date(clock.now().getTime() + 2 * DAY);
    const cookie = sent(await cookies.header(USER, running(ends)));
    expect(await cookies.adFree(cookie)).toBe(true);
    clock.advance(2 * DAY - 1);
    expect(await cookies.adFree(cookie)).toBe(true);
    clock.advance(1);
    expect(await cookies.adFree(cookie)).toBe(false);
    clock.advance(DAY);
    expect(await cookies.adFree(cookie)).toBe(false);
  });

  it('refuses garbage and a missing cookie', async () => {
    const mac = 'a'.repeat(64);
    for (const header of [
      undefined,
      '',
      'theme=dark',
      `${PASS_COOKIE}=`,
      `${PASS_COOKIE}=garbage`,
      `${PASS_COOKIE}=${USER}.${mac}`,
      `${PASS_COOKIE}=${USER}.never.${mac}`,
      `${PASS_COOKIE}=-1.forever.${mac}`,
      `${PASS_COOKIE}=${USER}.forever.${'g'.repeat(64)}`,
      `${PASS_COOKIE}=${USER}.forever.${mac.slice(1)}`,
      `${PASS_COOKIE}=12345678901.forever.${mac}`,
      `${PASS_COOKIE}=${USER}.forever.${mac}; other=1`,
    ]) {
      expect(await cookies.adFree(header), String(header)).toBe(false);
    }
    // Values out of the format, each carrying the real MAC of its own data: only the format refuses them.
    const key = await secret();
    const signed = (data: string) => `${PASS_COOKIE}=${data}.${hmacHex(key, data)}`;
    const realMac = hmacHex(key, `${USER}.forever`);
    // The same signing makes a cookie that is accepted when its data has the format.
    expect(await cookies.adFree(signed(`${USER}.forever`))).toBe(true);
    expect(await cookies.adFree(signed(`${USER}.${inDays(1).getTime()}`))).toBe(true);
    for (const header of [
      signed(`${USER}`),
      signed(`${USER}.never`),
      signed('-1.forever'),
      signed('12345678901.forever'),
      signed(`${USER}.${'9'.repeat(16)}`),
      signed(`${USER}.forever.1`),
      signed(`${USER}.${inDays(1).getTime()}.5`),
      `${PASS_COOKIE}=${USER}.forever.${realMac.slice(1)}`,
      `${PASS_COOKIE}=${USER}.forever.${realMac}0`,
      `${PASS_COOKIE}=${USER}.forever.${realMac.toUpperCase()}`,
    ]) {
      expect(await cookies.adFree(header), header).toBe(false);
    }
    // A genuine value under another cookie's name, or with extra bytes around it, is not the pass cookie.
    const genuine = sent(await cookies.header(USER, FOREVER));
    expect(await cookies.adFree(genuine)).toBe(true);
    for (const header of [`x${genuine}`, `${genuine}x`, `${genuine}.1`, ` ${genuine.replace('=', '= ')}`]) {
      expect(await cookies.adFree(header), header).toBe(false);
    }
  });
});
