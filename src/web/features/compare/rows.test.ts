import { describe, expect, it } from 'vitest';
import { attr, phone } from '../../../test/compare.ts';
import {
  bestIndexes,
  buildGroups,
  type ComparedProduct,
  type CompareRow,
  MISSING,
  rowDiffers,
} from './rows.ts';

const rowsOf = (products: ComparedProduct[]) =>
  new Map(
    buildGroups(products)
      .flatMap((g) => g.rows)
      .map((r) => [r.id, r] as [string, CompareRow]),
  );

describe('bestIndexes', () => {
  it('finds the lowest or highest of the numbers present, ties included', () => {
    expect(bestIndexes([15499, 172999, 9999], 'lower')).toEqual([2]);
    expect(bestIndexes([8, 16, 16], 'higher')).toEqual([1, 2]);
    expect(bestIndexes([null, 5000, 4000], 'higher')).toEqual([1]);
  });

  it('marks nothing when fewer than two values are present or all are equal', () => {
    expect(bestIndexes([null, 5000, null], 'higher')).toEqual([]);
    expect(bestIndexes([8, 8, 8], 'higher')).toEqual([]);
    expect(bestIndexes([], 'lower')).toEqual([]);
    expect(bestIndexes([Number.NaN, 3], 'lower')).toEqual([]);
  });
});

describe('rowDiffers', () => {
  it('compares what is shown', () => {
    expect(rowDiffers([{ text: '8 GB' }, { text: '8 GB' }])).toBe(false);
    expect(rowDiffers([{ text: '8 GB' }, { text: MISSING }])).toBe(true);
    expect(rowDiffers([{ text: '8 GB' }])).toBe(false);
  });
});

describe('buildGroups', () => {
  const a = phone({
    id: 1,
    price: 15499,
    value: 4.5,
    reviews: 81,
    battery: 5000,
    camera: 50,
    ram: 8,
    weight: 0.192,
  });
  const b = phone({
    id: 2,
    price: 172999,
    value: 4.6,
    reviews: 42,
    battery: 5015,
    camera: 48,
    ram: 16,
    weight: 0.258,
    nfc: false,
  });
  const c = phone({ id: 3, price: null, value: 4.9, reviews: 3, battery: null, camera: 50, ram: 16 });

  it('puts key facts first, then About, Basic, Advanced and Premium (empty groups left out)', () => {
    const groups = buildGroups([a, b, c]);
    expect(groups.map((g) => g.name)).toEqual(['Key facts', 'About', 'Basic', 'Premium']);
    expect(groups[0]!.rows.map((r) => r.label)).toEqual(['Price', 'Rating', 'Battery', 'Main camera']);
  });

  it('shows values and a dash where a product lacks one', () => {
    const rows = rowsOf([a, b, c]);
    expect(rows.get('price')!.cells.map((x) => x.text)).toEqual(['₹15,499', '₹1,72,999', 'Price not listed']);
    expect(rows.get('prime_attribute_1:Battery')!.cells.map((x) => x.text)).toEqual([
      '5,000 mAh',
      '5,015 mAh',
      MISSING,
    ]);
    expect(rows.get('about:Net weight')!.cells.map((x) => x.text)).toEqual(['192 g', '258 g', MISSING]);
    expect(rows.get('rating')!.cells.map((x) => x.text)).toEqual(['4.5', '4.6', '--']);
  });

  it('shows a dash for an attribute not known yet (issue 18), and no best among the others', () => {
    const unknown = {
      ...c,
      attribute_groups: c.attribute_groups.map((g) =>
        g.id === 'about'
          ? {
              ...g,
              attributes: [...g.attributes, attr('attribute_5', 'Net weight', null, 'Not known yet', 17)],
            }
          : g,
      ),
    };
    const rows = rowsOf([a, b, unknown]);
    expect(rows.get('about:Net weight')!.cells.map((x) => x.text)).toEqual(['192 g', '258 g', MISSING]);
  });

  it('marks rows that differ, and not identical ones', () => {
    const rows = rowsOf([a, b, c]);
    expect(rows.get('about:Status')!.differs).toBe(false);
    expect(rows.get('premium:NFC')!.differs).toBe(true);
    expect(rows.get('basic:RAM')!.differs).toBe(true);
  });

  it('marks the best value where better is clear', () => {
    const rows = rowsOf([a, b, c]);
    expect(rows.get('price')!.best).toEqual([0]); // lower price
    expect(rows.get('rating')!.best).toEqual([1]); // 4.9 has only 3 reviews, so it is not shown and not counted
    expect(rows.get('prime_attribute_1:Battery')!.best).toEqual([1]);
    expect(rows.get('prime_attribute_2:Main camera')!.best).toEqual([0, 2]);
    expect(rows.get('basic:RAM')!.best).toEqual([1, 2]);
    expect(rows.get('about:Net weight')!.best).toEqual([0]); // lighter
    expect(rows.get('premium:NFC')!.best).toEqual([]);
    expect(rows.get('about:Status')!.best).toEqual([]);
  });

  it('marks nothing best for a single product, nor for other categories', () => {
    expect([...rowsOf([a]).values()].some((r) => r.best.length || r.differs)).toBe(false);
    const car = (id: number, ram: number) => ({
      ...phone({ id, price: id * 1000, ram, battery: ram }),
      category_id: 'C002',
    });
    const rows = rowsOf([car(1, 8), car(2, 16)]);
    expect(rows.get('basic:RAM')!.best).toEqual([]);
    expect(rows.get('prime_attribute_1:Battery')!.best).toEqual([]);
    expect(rows.get('price')!.best).toEqual([0]);
  });
});
