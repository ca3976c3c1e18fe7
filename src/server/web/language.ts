import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { USER_API } from '../../shared/constants.ts';
import { isLocale, LANGUAGE_COOKIE, localeOfPath, localizePath, type Locale } from '../../shared/locale.ts';

/** A year: browsers keep a cookie at most 400 days. */
const REMEMBER_SECONDS = 365 * 24 * 60 * 60;

const CHOSEN = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]+)`);

/** The language a request's cookie remembers, if any. */
export function rememberedLocale(cookieHeader: string | undefined): Locale | null {
  const value = cookieHeader ? CHOSEN.exec(cookieHeader)?.[1] : undefined;
  return isLocale(value) ? value : null;
}

/**
 * Where a page request goes instead, for a visitor who chose Hindi and asks for an English address (a link
 * shared in English, a bookmark): the same page in Hindi. Visitors who never chose, crawlers among them, get
 * the address they asked for (decision 0042).
 */
export function rememberedLocaleRedirect(req: FastifyRequest): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (localeOfPath(req.url) !== 'en' || rememberedLocale(req.headers.cookie) !== 'hi') return null;
  return localizePath(req.url, 'hi');
}

/**
 * A language switched to that a signed-in member's account has still to take (decision 0045). The switch is a
 * plain link and the session token lives in local storage, so `/language` cannot tell who is asking: it leaves
 * this cookie for the user API, and the next request there with a valid session stores the language
 * (registerAuth) and clears it. Without a session it changes nothing and expires.
 */
export const LANGUAGE_SYNC_COOKIE = 'verdict_lang_sync';
const SYNC_SECONDS = 60 * 60;
const SYNC = new RegExp(`(?:^|;\\s*)${LANGUAGE_SYNC_COOKIE}=([a-z]+)`);

/** The language a request's sync cookie carries, if any. */
export function pendingLocale(cookieHeader: string | undefined): Locale | null {
  const value = cookieHeader ? SYNC.exec(cookieHeader)?.[1] : undefined;
  return isLocale(value) ? value : null;
}

const syncCookie = (value: string, maxAge: number, secure: boolean) =>
  `${LANGUAGE_SYNC_COOKIE}=${value}; Path=${USER_API}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** The Set-Cookie that clears the sync cookie once the account has the language (no Secure needed to clear). */
export const CLEAR_PENDING_LOCALE = syncCookie('', 0, false);

/** A path on this site (not '//host', which a browser reads as another site). */
const sitePath = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])/);

const switchQuery = z.object({ to: z.enum(['en', 'hi']), next: sitePath.catch('/') });

/**
 * `GET /language?to=hi&next=/product/12`: the language switch of the top bar and the footer. It remembers the
 * choice in a cookie and answers 303 to the same page in that language; a plain link, so it works without
 * JavaScript. A signed-in member's account takes the language at its next API call (LANGUAGE_SYNC_COOKIE).
 */
export function registerLanguageSwitch(app: FastifyInstance, secure: boolean): void {
  app.get('/language', { schema: { hide: true } }, async (req, reply) => {
    const query = switchQuery.safeParse(req.query);
    const to: Locale = query.success ? query.data.to : 'en';
    const next = query.success ? query.data.next : '/';
    return reply
      .header('cache-control', 'no-store')
      .header('set-cookie', [
        `${LANGUAGE_COOKIE}=${to}; Path=/; Max-Age=${REMEMBER_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`,
        // Only for a real choice: a malformed link falls back to English for the page, not for the account.
        ...(query.success ? [syncCookie(to, SYNC_SECONDS, secure)] : []),
      ])
      .redirect(localizePath(next, to), 303);
  });
}
