/**
 * A versus page's verdict (issue 24): for each thing where one model is clearly ahead (a row of the comparison
 * with a single best value), one plain sentence: "Bigger battery: Samsung Galaxy S25 (5,000 mAh vs 4,000 mAh)".
 */
import { formatPrice } from '../../../shared/format.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { CompareGroup, CompareRow } from './rows.ts';
import { type CompareKey, compareTexts } from './texts.ts';

export interface Verdict {
  /** The row it comes from (`price`, `rating`, `prime_attribute_1:Battery`, …). */
  row: string;
  /** "Bigger battery" (two models) or "Biggest battery" (three). */
  topic: string;
  winner: string;
  /** What decides it: "5,000 mAh vs 4,000 mAh", "₹5,000 less". */
  detail: string;
}

/** The topic's message (for two models and for three), by the row's English label. */
const TOPICS: Record<string, CompareKey> = {
  Price: 'topicPrice',
  Rating: 'topicRating',
  Battery: 'topicBattery',
  'Main camera': 'topicCamera',
  'Net weight': 'topicWeight',
  RAM: 'topicRam',
  Storage: 'topicStorage',
};

/** A row's label in English, whatever the page's language: the catalogue's name, in the row's id. */
const englishLabel = (row: CompareRow) =>
  row.kind === 'price' ? 'Price' : row.kind === 'rating' ? 'Rating' : row.id.slice(row.id.indexOf(':') + 1);

/** Each topic once (the key facts repeat the battery of the specifications), in the table's order. */
export function verdicts(
  groups: readonly CompareGroup[],
  names: readonly string[],
  locale: Locale = 'en',
): Verdict[] {
  const t = compareTexts.t(locale);
  const seen = new Set<string>();
  const out: Verdict[] = [];
  for (const row of groups.flatMap((g) => g.rows)) {
    const label = englishLabel(row);
    if (row.best.length !== 1 || seen.has(label)) continue;
    seen.add(label);
    const n = names.length > 2 ? 'three' : 'two';
    const topic = TOPICS[label]
      ? t(TOPICS[label], { n })
      : t('topicOther', { n, label: locale === 'en' ? row.label.toLowerCase() : row.label });
    const winner = row.best[0]!;
    const nums = row.cells.map((c) => c.num);
    const cheaperBy =
      row.kind === 'price' && names.length === 2 && nums[0] != null && nums[1] != null
        ? t('cheaperBy', { price: formatPrice(Math.abs(nums[0] - nums[1]), locale) })
        : null;
    out.push({
      row: row.id,
      topic,
      winner: names[winner]!,
      // The winner's value first: "4,000 mAh vs 3,561 mAh".
      detail:
        cheaperBy ??
        [row.cells[winner]!, ...row.cells.filter((_, i) => i !== winner)]
          .map((c) => c.text)
          .join(` ${t('vs')} `),
    });
  }
  return out;
}

/** The rows that differ first (in the table's order), then the rows that are the same: two lists of groups. */
export function differencesFirst(groups: readonly CompareGroup[]): {
  differ: CompareGroup[];
  same: CompareGroup[];
} {
  const pick = (differs: boolean) =>
    groups
      .map((g) => ({ ...g, rows: g.rows.filter((r) => r.differs === differs) }))
      .filter((g) => g.rows.length > 0);
  return { differ: pick(true), same: pick(false) };
}
