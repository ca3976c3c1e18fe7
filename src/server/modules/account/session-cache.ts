import { LRUCache } from 'lru-cache';
import type { Clock } from '../../lib/clock.ts';
import type { SessionUserRow } from './sessions.ts';

/**
 * How long a node trusts what it read of a session (decision 0032). Every write through the API forgets them all
 * on every node (with Redis), so this bounds only what a node without Redis, or one that missed a message, can
 * show: a session ended elsewhere still works here for at most this long.
 */
export const SESSION_CACHE_MS = 10_000;
const MAX_SESSIONS = 10_000;
/** The cache bus's topic for a change made outside the API (`npm run user:role`): every node forgets them. */
export const SESSION_TOPIC = 'sessions';

interface Entry {
  user: SessionUserRow;
  expiresAtMs: number;
  lastUsedAtMs: number;
}

/**
 * Live sessions this node read in the last few seconds, by their token's hash: a signed-in request then costs no
 * query. An entry is kept only if nothing was forgotten while it was being read (`generation`), so a read that
 * raced a sign-out never brings the old session back.
 */
export class SessionCache {
  private readonly entries: LRUCache<string, Entry>;
  private forgotten = 0;

  constructor(clock: Clock, ttlMs = SESSION_CACHE_MS) {
    this.entries = new LRUCache({
      max: MAX_SESSIONS,
      // lru-cache keeps an entry while its age is at most `ttl`; ours is trusted for less than ttlMs.
      ttl: Math.max(1, ttlMs - 1),
      ttlAutopurge: false,
      perf: { now: () => clock.now().getTime() },
      ttlResolution: 0,
    });
  }

  /** Stamp a read with this before it starts, and hand it to keep(). */
  get generation(): number {
    return this.forgotten;
  }

  /** The session's user, if this node read it lately and it has neither expired nor sat idle too long since. */
  get(tokenHash: string, nowMs: number, idleMs: number): SessionUserRow | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (entry.expiresAtMs > nowMs && entry.lastUsedAtMs > nowMs - idleMs) return entry.user;
    this.entries.delete(tokenHash);
    return null;
  }

  keep(tokenHash: string, generation: number, entry: Entry): void {
    if (generation === this.forgotten) this.entries.set(tokenHash, entry);
  }

  /** Forgets every session (a write may have ended one, or changed its user). */
  clear(): void {
    this.forgotten++;
    this.entries.clear();
  }
}
