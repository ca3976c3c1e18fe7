import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
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

/** A path on this site (not '//host', which a browser reads as another site). */
const sitePath = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])/);

const switchQuery = z.object({ to: z.enum(['en', 'hi']), next: sitePath.catch('/') });

/**
 * `GET /language?to=hi&next=/product/12`: the language switch of the top bar and the footer. It remembers the
 * choice in a cookie and answers 303 to the same page in that language; a plain link, so it works without
 * JavaScript.
 */
export function registerLanguageSwitch(app: FastifyInstance, secure: boolean): void {
  app.get('/language', { schema: { hide: true } }, async (req, reply) => {
    const query = switchQuery.safeParse(req.query);
    const to: Locale = query.success ? query.data.to : 'en';
    const next = query.success ? query.data.next : '/';
    return reply
      .header('cache-control', 'no-store')
      .header(
        'set-cookie',
        `${LANGUAGE_COOKIE}=${to}; Path=/; Max-Age=${REMEMBER_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`,
      )
      .redirect(localizePath(next, to), 303);
  });
}
