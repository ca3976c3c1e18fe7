import { indexText } from '../src/shared/search.ts';

/** Made-up but plausible phones: '<Series> <letter?><number><suffix>' in RAM + storage variants. */
const REAL_SERIES = (
  'Galaxy Note Nova Spark Camon Pova Hot Smart Narzo Reno Find Nord Magic Mate Edge Zen Blade Aqua Vibe ' +
  'Pixel Xperia Neo Turbo Ace Play Star Fold Flip Pulse Volt Titan Storm Blaze Wave Core Alpha Omega'
).split(' ');
const SYLLABLES = 'za ri on ve xa lu mi ko ta ne sy ra qu bo di fe gi ho ja pe tor lix'.split(' ');
const LETTERS = [...'ACFGKMSVXYZ'];
const SUFFIXES = '||| Pro| Pro+| Lite| Ultra| Max| Plus|s|i| 5G| Neo| Prime| Pro 5G| FE'.split('|');
const VARIANTS = [
  2, 32, 3, 64, 4, 64, 4, 128, 6, 128, 8, 128, 8, 256, 12, 256, 12, 512, 16, 512, 16, 1024,
].flatMap((n, i, a) => (i % 2 ? [] : [`${n}GB RAM + ${a[i + 1]! >= 1024 ? '1TB' : `${a[i + 1]}GB`}`]));

/** The columns of a generated row (category_id 'C001' and attributes '{}' are the same for all), with types. */
export const COLUMNS = [
  ['brand_id', 'int'],
  ['model', 'text'],
  ['variant', 'text'],
  ['price', 'int'],
  ['release_date', 'date'],
  ['verified', 'bool'],
  ['rating_value', 'real'],
  ['rating_sum', 'int'],
  ['total_reviews', 'int'],
  ['views', 'int'],
  ['upvotes', 'int'],
  ['search_text', 'text'],
] as const;

function mulberry32(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Endless rows in COLUMNS order, deterministic. Each brand gets a share in proportion to `weight` (its real
 * phone count) and six series (two familiar words, four invented); `taken` holds the existing
 * 'brand_id|model|variant' keys, and is added to.
 */
export function* phoneRows(
  brands: { id: number; name: string; weight: number }[],
  taken: Set<string>,
): Generator<unknown[], never> {
  if (!brands.length) throw new Error('synthetic catalogue: no phone brands in the database');
  const rnd = mulberry32(20240611);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const int = (lo: number, n: number) => lo + Math.floor(rnd() * n);
  const made = new Set<string>();
  while (made.size < 400) made.add(Array.from({ length: int(2, 2) }, () => pick(SYLLABLES)).join(''));
  const invented = [...made].map((s) => s[0]!.toUpperCase() + s.slice(1));
  const series = brands.map(() => [
    ...[0, 1].map(() => pick(REAL_SERIES)),
    ...[0, 1, 2, 3].map(() => pick(invented)),
  ]);
  const total = brands.reduce((a, b) => a + b.weight, 0);
  for (;;) {
    let r = rnd() * total;
    const i = Math.max(
      0,
      brands.findIndex((b) => (r -= b.weight) < 0),
    );
    const brand = brands[i]!;
    const number = rnd() < 0.8 ? int(1, 99) : int(100, 900);
    const model = `${pick(series[i]!)} ${rnd() < 0.4 ? pick(LETTERS) : ''}${number}${pick(SUFFIXES)}`;
    const first = int(0, VARIANTS.length - 1);
    for (const variant of VARIANTS.slice(first, first + int(1, 4))) {
      const key = `${brand.id}|${model}|${variant}`;
      if (taken.has(key)) continue;
      taken.add(key);
      const reviews = rnd() < 0.5 ? 0 : int(0, 300);
      const rating = reviews ? Math.round((2 + rnd() * 3) * 10) / 10 : 0;
      const released = `${int(2015, 11)}-${int(1, 12)}-15`;
      yield [
        brand.id,
        model,
        variant,
        5_999 + 1_000 * int(0, 145),
        released,
        rnd() > 0.05,
        rating,
        Math.round(rating * reviews),
        reviews,
        int(0, 5_000),
        int(0, 100),
        indexText(brand.name, model, variant),
      ];
    }
  }
}
