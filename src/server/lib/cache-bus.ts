/**
 * Cache invalidation across nodes (decision 0018). Each node keeps its cached reads in its own memory (that is
 * what makes pages fast); when a write makes some of them stale, invalidate() drops them here and publishes
 * the topic on a Redis channel, and every other node's subscriber drops the same here. Without Redis it only
 * drops them here, as before.
 */
import { randomUUID } from 'node:crypto';
import type { RedisLink } from './redis.ts';

/** Forgets the cached reads of a topic: those of `key`, or all of them when `key` is undefined. */
export type Forget = (key: string | undefined) => void;

interface Message {
  node: string;
  topic: string;
  key?: string;
}

export class CacheBus {
  /** Tells this node's own messages apart from the other nodes'. */
  private readonly node = randomUUID();
  private readonly topics = new Map<string, Forget[]>();
  private readonly anyTopic: (() => void)[] = [];
  private readonly channel: string;

  constructor(
    private readonly link: RedisLink | null = null,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.channel = `${link?.prefix ?? ''}invalidate`;
    if (!link) return;
    link.subscriber.subscribe(this.channel).catch(onError);
    link.subscriber.on('message', (channel: string, text: string) => {
      if (channel !== this.channel) return;
      const message = parse(text);
      if (message && message.node !== this.node) this.forgetHere(message.topic, message.key);
    });
    // Until the subscriber is (back) in, other nodes' messages are lost: on each connection forget everything
    // rather than serve what they changed until it expires (at the first, little is cached yet).
    link.subscriber.on('ready', () => {
      for (const topic of this.topics.keys()) this.forgetHere(topic, undefined);
      for (const forget of this.anyTopic) forget();
    });
  }

  /** What forgets `topic`'s cached reads in this process. */
  on(topic: string, forget: Forget): void {
    this.topics.set(topic, [...(this.topics.get(topic) ?? []), forget]);
  }

  /** What runs whenever any topic is forgotten here (the page cache: every page may show what changed). */
  onAny(forget: () => void): void {
    this.anyTopic.push(forget);
  }

  /**
   * Forgets `topic` (of `key`, or all) on this node at once and on the others as soon as Redis delivers it.
   * Resolves once Redis took the message (never rejects: with Redis down the other nodes' caches expire on
   * their own, within their few seconds or minute).
   */
  async invalidate(topic: string, key?: string): Promise<void> {
    this.forgetHere(topic, key);
    if (!this.link) return;
    const message: Message = { node: this.node, topic, ...(key === undefined ? {} : { key }) };
    try {
      await this.link.command.publish(this.channel, JSON.stringify(message));
    } catch (err) {
      this.onError(err);
    }
  }

  private forgetHere(topic: string, key: string | undefined): void {
    for (const forget of this.topics.get(topic) ?? []) forget(key);
    for (const forget of this.anyTopic) forget();
  }
}

function parse(text: string): Message | null {
  try {
    const value = JSON.parse(text) as Partial<Message>;
    return typeof value.node === 'string' && typeof value.topic === 'string'
      ? { node: value.node, topic: value.topic, ...(typeof value.key === 'string' ? { key: value.key } : {}) }
      : null;
  } catch {
    return null;
  }
}
