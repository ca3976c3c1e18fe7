/**
 * A card (cards.ts) to a PNG: librsvg (in sharp) draws the SVG, then the photos and avatars are laid into
 * their slots. PNG rather than JPEG: the pictures are flat colour and text, which JPEG blurs; see decision 0039.
 */
// Before sharp draws any text: the bundled fonts (a machine without fonts still draws the names).
import '../../lib/fonts.ts';
import sharp, { type OverlayOptions } from 'sharp';
import type { Card, Slot } from './cards.ts';

/** Where the pixels of a slot come from: the stored files (null when the file is gone). */
export interface SlotFiles {
  /** A product photo's stored file at least `width` pixels wide if there is one, else its largest. */
  photo(id: number, width: number): Promise<Buffer | null>;
  avatar(file: string): Promise<Buffer | null>;
}

/** A photo fitted inside its slot and centred, or an avatar cut to a circle filling it; null: left empty. */
async function fill(slot: Slot, files: SlotFiles): Promise<OverlayOptions | null> {
  const bytes =
    slot.kind === 'photo'
      ? await files.photo(Number(slot.ref), slot.width)
      : await files.avatar(String(slot.ref));
  if (!bytes) return null;
  try {
    if (slot.kind === 'photo') {
      const { data, info } = await sharp(bytes)
        .resize({ width: slot.width, height: slot.height, fit: 'inside' })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return {
        input: data,
        raw: { width: info.width, height: info.height, channels: 4 },
        left: slot.x + Math.floor((slot.width - info.width) / 2),
        top: slot.y + Math.floor((slot.height - info.height) / 2),
      };
    }
    const r = slot.width / 2;
    const circle = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${slot.width}" height="${slot.height}"><circle cx="${r}" cy="${r}" r="${r}"/></svg>`,
    );
    const { data, info } = await sharp(bytes)
      .resize({ width: slot.width, height: slot.height, fit: 'cover' })
      .ensureAlpha()
      .composite([{ input: circle, blend: 'dest-in' }])
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      input: data,
      raw: { width: info.width, height: info.height, channels: 4 },
      left: slot.x,
      top: slot.y,
    };
  } catch {
    // A stored file sharp cannot read (it was checked on the way in): the slot stays empty, the card is drawn.
    return null;
  }
}

/** The card as a 1200 × 630 PNG. */
export async function renderPng(card: Card, files: SlotFiles): Promise<Buffer> {
  const overlays = (await Promise.all(card.slots.map((s) => fill(s, files)))).filter(
    (o): o is OverlayOptions => o !== null,
  );
  const image = sharp(Buffer.from(card.svg));
  if (overlays.length) image.composite(overlays);
  // Level 6 and no adaptive filtering: the flat colours compress well without the time level 9 costs.
  return image.png({ compressionLevel: 6, adaptiveFiltering: false, palette: false }).toBuffer();
}
