import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { compareCard, productCard, type ProductFace, profileCard, reviewCard, shownName } from './cards.ts';
import { renderPng } from './render.ts';
import { clean, drawable, ellipsis, escapeXml, wrap } from './text.ts';

const none = { photo: async () => null, avatar: async () => null };
const phone: ProductFace = {
  categoryId: 'C001',
  brand: 'Acme <&> "Phones"',
  model: `Ultra ‘Pro’ </text><script>alert(1)</script> ${'Max '.repeat(30)}`,
  price: 149999,
  rating: 4.34,
  reviews: 12,
  photoId: null,
};

describe('preview text', () => {
  it('escapes XML and drops invisible characters', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
    expect(clean('Karbonn \u200eKX11I\u0000  5G\n')).toBe('Karbonn KX11I 5G');
    // The joiners choose a conjunct's form (क्‍ष, a half form; क्‌ष, a visible virama): they stay.
    expect(clean('क्\u200Dष क्\u200Cष')).toBe('क्\u200Dष क्\u200Cष');
  });

  it('wraps between words and ends a cut text in an ellipsis', () => {
    expect(wrap('Realme 15 Pro Game of Thrones Limited Edition', 18, 2)).toEqual([
      'Realme 15 Pro Game',
      'of Thrones Limite…',
    ]);
    expect(wrap('Galaxy S24 Ultra', 18, 2)).toEqual(['Galaxy S24 Ultra']);
    expect(wrap('Supercalifragilisticexpialidocious phone', 10, 2)).toEqual(['Supercali…', 'phone']);
    expect(ellipsis('abcdef', 4)).toBe('abc…');
    expect(ellipsis('abc', 4)).toBe('abc');
    // Cut between the letters a reader sees: never a consonant without its virama or vowel sign.
    expect(ellipsis('प्रिया शर्मा', 3)).toBe('प्रि…');
    expect(ellipsis('प्रिया शर्मा', 7)).toBe('प्रिया…');
    expect(wrap('बहुत बढ़िया फ़ोन है', 8, 1)).toEqual(['बहुत…']);
  });

  it('knows which names the fonts draw', () => {
    expect(drawable('Zoë Šťastná-Łukasz ₹')).toBe(true);
    for (const name of ['अनु शर्मा', 'অনু', 'ਅਨੁ', 'અનુ', 'ଅନୁ', 'அனு', 'అను', 'ಅನು', 'അനു', 'ക്‍ഷ']) {
      expect(drawable(name), name).toBe(true);
    }
    expect(shownName({ name: 'अनु शर्मा', username: 'anu' })).toBe('अनु शर्मा');
    expect(drawable('王 芳')).toBe(false);
    expect(shownName({ name: '王 芳', username: 'anu' })).toBe('anu');
    expect(shownName({ name: ' ', username: 'anu' })).toBe('anu');
  });
});

describe('cards', () => {
  it('draw hostile and long text as text, in 1200 × 630, within the time budget', async () => {
    const cards = [
      productCard(phone),
      compareCard([phone, { ...phone, brand: 'B' }, { ...phone, brand: 'C', price: null }]),
      reviewCard({ title: '<b>Bold</b> & "quoted"', overall: 3.5, author: null, product: phone }),
      profileCard({ username: 'a.b', name: '<x>', avatar: null, reviews: 1 }),
    ];
    for (const card of cards) {
      expect(card.svg).not.toContain('<script>');
      expect(card.svg).not.toContain('<b>');
      const started = performance.now();
      const png = await renderPng(card, none);
      // The budget is 100 ms on the 2-core machine; a test run shares it with other work.
      expect(performance.now() - started).toBeLessThan(1000);
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    }
  });

  it('leave a missing photo’s slot empty rather than fail', async () => {
    const card = productCard({ ...phone, photoId: 7 });
    expect(card.slots).toEqual([expect.objectContaining({ kind: 'photo', ref: 7 })]);
    const broken = { photo: async () => Buffer.from('not an image'), avatar: async () => null };
    expect((await sharp(await renderPng(card, broken)).metadata()).width).toBe(1200);
    expect((await sharp(await renderPng(card, none)).metadata()).width).toBe(1200);
  });
});
