import type { FastifyRequest } from 'fastify';
import type { Locale } from '../../shared/locale.ts';

/**
 * The language an API request asks for (decision 0045): the browser's API clients send the page's language as
 * Accept-Language ('hi' on /hi pages, 'en-IN' otherwise). A first tag of 'hi' or 'hi-IN' is Hindi; anything
 * else, or none, is English.
 */
export function requestLocale(req: Pick<FastifyRequest, 'headers'>): Locale {
  const header = req.headers['accept-language'];
  const first = (typeof header === 'string' ? header : '').split(',')[0]!.split(';')[0]!.trim().toLowerCase();
  return first === 'hi' || first === 'hi-in' ? 'hi' : 'en';
}
