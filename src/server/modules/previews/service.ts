/**
 * Preview pictures (issue 24): each page's data read fresh (one indexed query), drawn as a card, and the card's
 * PNG kept in this process under the hash of exactly what it draws. A change to anything shown (a price, the
 * rating, a name, the photo) changes the card, so its hash, so the picture is drawn again; an unchanged card
 * is served from memory, or answered 304 when the client has it.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import type { Db } from '../../../db/client.ts';
import type { AvatarStore } from '../account/avatar-store.ts';
import {
  brandCard,
  type Card,
  compareCard,
  productCard,
  type ProductFace,
  profileCard,
  reviewCard,
  siteCard,
} from './cards.ts';
import { brandFace, photoFile, productFace, profileFace, reviewFace } from './faces.ts';
import { renderPng, type SlotFiles } from './render.ts';

export interface Preview {
  /** The hash of what the picture draws: its ETag, and its key in the cache. */
  hash: string;
  /** The PNG: from memory, or drawn now. */
  png(): Promise<Buffer>;
}

/** The hash of a card: its SVG and what fills its slots (a photo's id, an avatar's file name). */
export function cardHash(card: Card): string {
  return createHash('sha256')
    .update(card.svg)
    .update(JSON.stringify(card.slots))
    .digest('base64url')
    .slice(0, 27);
}

export class PreviewService {
  /** Drawn pictures (about 40-70 KB each): at most 48 MB, a day each. */
  private readonly drawn = new LRUCache<string, Buffer>({
    maxSize: 48 * 1024 * 1024,
    sizeCalculation: (b) => Math.max(1, b.length),
    ttl: 24 * 60 * 60_000,
  });
  /** Pictures being drawn, so concurrent requests for one share the work. */
  private readonly drawing = new Map<string, Promise<Buffer>>();
  /**
   * Drawing is CPU work (librsvg and zlib, in sharp's threads): at most one fewer at once than the machine has
   * cores, so a crawler asking for many new pictures queues rather than starves the pages.
   */
  private readonly draws = pLimit(Math.max(1, availableParallelism() - 1));
  private readonly files: SlotFiles;

  constructor(
    private readonly db: Db,
    avatars: Pick<AvatarStore, 'get'>,
  ) {
    this.files = { photo: (id, width) => photoFile(db, id, width), avatar: (file) => avatars.get(file) };
  }

  private preview(card: Card): Preview {
    const hash = cardHash(card);
    return { hash, png: () => this.draw(hash, card) };
  }

  private async draw(hash: string, card: Card): Promise<Buffer> {
    const hit = this.drawn.get(hash);
    if (hit) return hit;
    let pending = this.drawing.get(hash);
    if (!pending) {
      pending = this.draws(() => renderPng(card, this.files)).finally(() => this.drawing.delete(hash));
      this.drawing.set(hash, pending);
    }
    const png = await pending;
    this.drawn.set(hash, png);
    return png;
  }

  /** A product page's picture (any id of the model); null: unknown or hidden. */
  async product(id: number): Promise<Preview | null> {
    const face = await productFace(this.db, id);
    return face && this.preview(productCard(face));
  }

  /**
   * Two or three products side by side, in the order of their model ids (so any order of the ids draws the
   * same picture); null when an id is unknown or hidden, or they are fewer than two models.
   */
  async compare(ids: number[]): Promise<Preview | null> {
    const faces = await Promise.all(ids.map((id) => productFace(this.db, id)));
    if (faces.some((f) => f === null)) return null;
    const models = new Map<number, ProductFace>();
    for (const f of faces as (ProductFace & { modelId: number })[]) models.set(f.modelId, f);
    if (models.size < 2) return null;
    const ordered = [...models.entries()].sort(([a], [b]) => a - b).map(([, f]) => f);
    return this.preview(compareCard(ordered));
  }

  async review(id: number): Promise<Preview | null> {
    const face = await reviewFace(this.db, id);
    return face && this.preview(reviewCard(face));
  }

  async profile(username: string): Promise<Preview | null> {
    const face = await profileFace(this.db, username);
    return face && this.preview(profileCard(face));
  }

  async brand(id: number): Promise<Preview | null> {
    const face = await brandFace(this.db, id);
    return face && this.preview(brandCard(face));
  }

  /** The site's own picture. */
  site(): Preview {
    return this.preview(siteCard());
  }

  /** Forgets every drawn picture (tests, and the benchmark's uncached runs). */
  clear(): void {
    this.drawn.clear();
  }
}
