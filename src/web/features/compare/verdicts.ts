/**
 * A versus page's verdict (issue 24): for each thing where one model is clearly ahead (a row of the comparison
 * with a single best value), one plain sentence: "Bigger battery: Samsung Galaxy S25 (5,000 mAh vs 4,000 mAh)".
 */
import { formatPrice } from '../../../shared/format.ts';
import type { CompareGroup } from './rows.ts';

export interface Verdict {
  /** The row it comes from (`price`, `rating`, `prime_attribute_1:Battery`, …). */
  row: string;
  /** "Bigger battery" (two models) or "Biggest battery" (three). */
  topic: string;
  winner: string;
  /** What decides it: "5,000 mAh vs 4,000 mAh", "₹5,000 less". */
  detail: string;
}

/** The topic for two models and for three, by the row's label. */
const TOPICS: Record<string, [string, string]> = {
  Price: ['Cheaper', 'Cheapest'],
  Rating: ['Better rated by owners', 'Best rated by owners'],
  Battery: ['Bigger battery', 'Biggest battery'],
  'Main camera': ['More camera megapixels', 'Most camera megapixels'],
  'Net weight': ['Lighter', 'Lightest'],
  RAM: ['More RAM', 'Most RAM'],
  Storage: ['More storage', 'Most storage'],
};

/** Each topic once (the key facts repeat the battery of the specifications), in the table's order. */
export function verdicts(groups: readonly CompareGroup[], names: readonly string[]): Verdict[] {
  const seen = new Set<string>();
  const out: Verdict[] = [];
  for (const row of groups.flatMap((g) => g.rows)) {
    if (row.best.length !== 1 || seen.has(row.label)) continue;
    seen.add(row.label);
    const [two, three] = TOPICS[row.label] ?? [
      `Better ${row.label.toLowerCase()}`,
      `Best ${row.label.toLowerCase()}`,
    ];
    const winner = row.best[0]!;
    const nums = row.cells.map((c) => c.num);
    const cheaperBy =
      row.kind === 'price' && names.length === 2 && nums[0] != null && nums[1] != null
        ? `${formatPrice(Math.abs(nums[0] - nums[1]))} less`
        : null;
    out.push({
      row: row.id,
      topic: names.length > 2 ? three : two,
      winner: names[winner]!,
      // The winner's value first: "4,000 mAh vs 3,561 mAh".
      detail:
        cheaperBy ??
        [row.cells[winner]!, ...row.cells.filter((_, i) => i !== winner)].map((c) => c.text).join(' vs '),
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
