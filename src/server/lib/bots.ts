import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';

/**
 * isbot's answer per user agent. It tests one large regular expression, 3 % of the CPU of serving a cached page,
 * and a server sees the same few hundred user agents again and again.
 */
const answers = new LRUCache<string, boolean>({ max: 2_000 });

/** Whether a request comes from a crawler or a script; one that gives no user agent counts as one. */
export function isBot(userAgent: string | null | undefined): boolean {
  if (!userAgent) return true;
  let bot = answers.get(userAgent);
  if (bot === undefined) answers.set(userAgent, (bot = isbot(userAgent)));
  return bot;
}
