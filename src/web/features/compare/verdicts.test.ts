import { describe, expect, it } from 'vitest';
import { phone } from '../../../test/compare.ts';
import { buildGroups } from './rows.ts';
import { differencesFirst, verdicts } from './verdicts.ts';

const A = phone({
  id: 1,
  price: 20_000,
  value: 4.5,
  reviews: 12,
  battery: 5000,
  camera: 50,
  ram: 8,
  weight: 0.19,
});
const B = phone({
  id: 2,
  price: 25_000,
  value: 4.1,
  reviews: 30,
  battery: 4500,
  camera: 64,
  ram: 8,
  weight: 0.17,
});

describe('verdicts', () => {
  it('gives each point one model is ahead on one plain sentence, the winner’s figure first', () => {
    expect(verdicts(buildGroups([A, B]), ['Alpha One', 'Beta Two'])).toEqual([
      { row: 'price', topic: 'Cheaper', winner: 'Alpha One', detail: '₹5,000 less' },
      { row: 'rating', topic: 'Better rated by owners', winner: 'Alpha One', detail: '4.5 vs 4.1' },
      {
        row: 'prime_attribute_1:Battery',
        topic: 'Bigger battery',
        winner: 'Alpha One',
        detail: '5,000 mAh vs 4,500 mAh',
      },
      {
        row: 'prime_attribute_2:Main camera',
        topic: 'More camera megapixels',
        winner: 'Beta Two',
        detail: '64 MP vs 50 MP',
      },
      { row: 'about:Net weight', topic: 'Lighter', winner: 'Beta Two', detail: '170 g vs 190 g' },
    ]);
  });

  it('says nothing of a tie, an unknown figure or a rating from fewer than 10 reviews; three models get superlatives', () => {
    const C = phone({ id: 3, price: null, value: 5, reviews: 3, battery: 6000, camera: null, ram: 12 });
    const found = verdicts(buildGroups([A, B, C]), ['Alpha One', 'Beta Two', 'Gamma Three']);
    expect(found.map((v) => `${v.topic}: ${v.winner}`)).toEqual([
      'Cheapest: Alpha One',
      'Best rated by owners: Alpha One',
      'Biggest battery: Gamma Three',
      'Most camera megapixels: Beta Two',
      'Lightest: Beta Two',
      'Most RAM: Gamma Three',
    ]);
    // Three prices: no "₹… less", the prices themselves, the cheapest first.
    expect(found[0]!.detail).toBe('₹20,000 vs ₹25,000 vs Price not listed');
    expect(verdicts(buildGroups([A, A]), ['Alpha One', 'Alpha Again'])).toEqual([]);
  });
});

describe('differencesFirst', () => {
  it('splits the table into the rows that differ and the rows that are the same, groups kept', () => {
    const { differ, same } = differencesFirst(buildGroups([A, B]));
    expect(differ.flatMap((g) => g.rows).every((r) => r.differs)).toBe(true);
    expect(same.flatMap((g) => g.rows).every((r) => !r.differs)).toBe(true);
    expect(differ.flatMap((g) => g.rows.map((r) => r.id))).toContain('price');
    expect(same.flatMap((g) => g.rows.map((r) => r.id))).toEqual([
      'about:Status',
      'basic:RAM',
      'premium:NFC',
    ]);
    expect(differ.concat(same).every((g) => g.rows.length > 0)).toBe(true);
  });
});
