import { describe, expect, it } from 'vitest';
import {
  addItem,
  COMPARE_LIMIT_MESSAGE,
  compareHref,
  type CompareItem,
  dedupeByName,
  MAX_COMPARE,
  nameKey,
  onePerModel,
  parseIds,
  parseStored,
  removeItem,
} from './list.ts';

const item = (
  id: number,
  model = `Phone ${id}`,
  variant = '8GB RAM + 128GB',
  brand = 'Acme',
): CompareItem => ({ id, brand, model, variant });

describe('compare list', () => {
  it('holds at most three products, and says so', () => {
    expect(MAX_COMPARE).toBe(3);
    expect(COMPARE_LIMIT_MESSAGE).toBe('You can compare up to 3 products. Remove one to add another.');
    let list: CompareItem[] = [];
    for (const id of [1, 2, 3]) list = addItem(list, item(id)).list;
    expect(list.map((p) => p.id)).toEqual([1, 2, 3]);
    const fourth = addItem(list, item(4));
    expect(fourth.result).toBe('full');
    expect(fourth.list).toEqual(list);
  });

  it('adds only if not present: the same id, or the same brand, model and variant', () => {
    const list = [item(1, 'Galaxy S24', '8GB RAM + 256GB', 'Samsung')];
    expect(addItem(list, item(1)).result).toBe('present');
    expect(addItem(list, item(9, ' galaxy  s24', '8gb ram + 256gb', 'SAMSUNG')).result).toBe('present');
    expect(nameKey({ brand: 'Apple', model: 'iPhone 16', variant: '' })).toBe('apple|iphone 16|');
  });

  it('another variant of a phone in the list takes its place, even when the list is full (issue 18)', () => {
    const list = [item(1), item(2, 'Galaxy S24', '8GB RAM + 256GB', 'Samsung'), item(3)];
    const other = addItem(list, item(9, 'Galaxy S24', '12GB RAM + 256GB', 'Samsung'));
    expect(other.result).toBe('added');
    expect(other.list.map((p) => [p.id, p.variant])).toEqual([
      [1, '8GB RAM + 128GB'],
      [9, '12GB RAM + 256GB'],
      [3, '8GB RAM + 128GB'],
    ]);
  });

  it('removes by id and by name', () => {
    const list = [item(1), item(2), item(3)];
    expect(removeItem(list, item(2)).map((p) => p.id)).toEqual([1, 3]);
    expect(removeItem(list, item(7, 'Phone 3')).map((p) => p.id)).toEqual([1, 2]);
  });

  it('reads ids from the URL: numbers only, each once, in order', () => {
    const ids = (q: string) => parseIds(new URLSearchParams(q));
    expect(ids('ids=12,34,56')).toEqual([12, 34, 56]);
    expect(ids('ids=12%2C34')).toEqual([12, 34]);
    expect(ids('ids=12,12,x,-3,0,,34&ids=56')).toEqual([12, 34, 56]);
    expect(ids('')).toEqual([]);
    expect(ids('ids=1,2,3,4,5,6,7,8')).toHaveLength(6);
    expect(ids('ids=1,2,3,4')).toEqual([1, 2, 3, 4]);
    expect(compareHref([12, 34, 56])).toBe('/compare?ids=12,34,56');
  });

  it('keeps the first of each name and at most three products from the URL', () => {
    const loaded = [item(1), item(2, 'Phone 1'), item(3), item(4), item(5)];
    expect(dedupeByName(loaded).map((p) => p.id)).toEqual([1, 3, 4]);
  });

  it('reads the stored list defensively', () => {
    expect(parseStored(null)).toEqual([]);
    expect(parseStored('not json')).toEqual([]);
    expect(parseStored('{"id":1}')).toEqual([]);
    const stored = JSON.stringify([
      item(1),
      { id: 'x' },
      item(1),
      item(2),
      item(3),
      item(4),
      null,
      { ...item(5), extra: true },
    ]);
    expect(parseStored(stored)).toEqual([item(1), item(2), item(3)]);
    expect(parseStored(JSON.stringify([{ ...item(5), extra: true }]))).toEqual([item(5)]);
  });
});

describe('onePerModel (issue 18)', () => {
  it('keeps one column per phone, where it first appears, with the variant chosen last', () => {
    const list = [
      { id: 12, model_id: 12 },
      { id: 40, model_id: 40 },
      { id: 13, model_id: 12 },
    ];
    expect(onePerModel(list)).toEqual([
      { id: 13, model_id: 12 },
      { id: 40, model_id: 40 },
    ]);
  });
});
