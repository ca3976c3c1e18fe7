/**
 * The bulk import's service (issue 19): a file is checked whole (`file:row:field: reason`) and refused without a
 * write; a dry run writes nothing; applying adds, changes, records prices and hides through the editors' changes;
 * applying the same file again plans nothing and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_TEXTS, isEmptyPlan } from '../../../shared/catalogue-import.ts';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { ImportRefused } from './rows.ts';
import { importCatalogueFile } from './service.ts';

let t: TestContext;
interface Listed {
  id: number;
  brand: string;
  model: string;
  variant_id: number;
  variant: string;
  price: number | null;
  ram_gb: number | null;
  status: string;
}
/** Two listed phones whose brand + model name no other model has. */
let phones: Listed[];
beforeAll(async () => {
  t = await createTestApp();
  phones = await query<Listed>(
    t.database,
    `SELECT p.id, b.name AS brand, p.model, v.id AS variant_id, v.variant, v.price, v.ram_gb, p.status
      FROM products p JOIN brands b ON b.id = p.brand_id JOIN product_variants v ON v.id = p.default_variant_id
      WHERE p.category_id = 'C001' AND NOT p.hidden AND p.variant_count = 1 AND v.price IS NOT NULL
        AND (SELECT count(*) FROM products q WHERE q.brand_id = p.brand_id AND lower(q.model) = lower(p.model)) = 1
        AND p.status <> 'rumoured'
      ORDER BY p.id LIMIT 2`,
  );
  expect(phones).toHaveLength(2);
});
afterAll(() => t.close());

const counts = async () =>
  (
    await query<{ changes: number; prices: number; models: number; variants: number; hidden: number }>(
      t.database,
      `SELECT (SELECT count(*)::int FROM catalogue_changes) AS changes, (SELECT count(*)::int FROM price_history) AS prices,
        (SELECT count(*)::int FROM products) AS models, (SELECT count(*)::int FROM product_variants) AS variants,
        (SELECT count(*)::int FROM products WHERE hidden) AS hidden`,
    )
  )[0]!;

const run = (name: string, text: string, dryRun = false) =>
  importCatalogueFile(t.database.db, { name, text }, { dryRun, actorId: null });

async function refusal(name: string, text: string): Promise<string[]> {
  const before = await counts();
  const err = await run(name, text).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ImportRefused);
  expect(await counts()).toEqual(before);
  return (err as ImportRefused).errors;
}

const csv = (...lines: string[]) => lines.join('\n');

describe('bulk import: checking the file', () => {
  it('refuses a JSON file with file:row:field: reason for every problem, writing nothing', async () => {
    const [a] = phones;
    const rows = [
      {
        category: 'C001',
        brand: a!.brand,
        model: a!.model,
        variant: a!.variant,
        price: 100,
        price_source: 'Shop',
      },
      { category: 'C009', brand: 'Acme', model: 'One' },
      { category: 'C001', brand: 'Acme', model: 'Two', release_date: '2026-02-30', colour: 'red' },
      { category: 'C001', brand: 'acme', model: 'two', attribute_3: { v: '' }, status: 'announced' },
      { category: 'C001', brand: 'Acme', model: 'Two', variant: '', ram_gb: 'eight' },
      'not a row',
    ];
    const errors = await refusal('prices.json', JSON.stringify(rows));
    expect(errors).toEqual([
      `prices.json:1:price_observed_on: ${IMPORT_TEXTS.priceTogether}`,
      'prices.json:2:category: Choose a category: C001, C002 or C003.',
      'prices.json:3:colour: Not a column of the import (see docs/api.md, "Bulk import").',
      'prices.json:3:release_date: The release date must be a real date.',
      'prices.json:4:attribute_3: A value must not be empty.',
      'prices.json:5:ram_gb: RAM must be a number of GB.',
      'prices.json:6:row: A row must be an object of columns.',
    ]);
    expect(await refusal('broken.json', '[{"category": "C001",')).toEqual([
      expect.stringMatching(/^broken\.json:0:file: Not readable JSON/),
    ]);
    expect(
      await refusal('nul.json', JSON.stringify([{ category: 'C001', brand: 'A\u0000', model: 'B' }])),
    ).toEqual(['nul.json:1:brand: Please remove invisible control characters.']);
    expect(await refusal('object.json', '{"category": "C001"}')).toEqual([
      'object.json:0:file: The file must be a JSON array of rows.',
    ]);
  });

  it('refuses duplicate rows and rows of one model that disagree', async () => {
    const rows = [
      { category: 'C001', brand: 'Acme', model: 'Three', variant: 'Blue', status: 'announced' },
      { category: 'C001', brand: 'ACME', model: 'three', variant: 'blue' },
      { category: 'C001', brand: 'Acme', model: 'Three', variant: 'Red', status: 'available' },
    ];
    expect(await refusal('dup.json', JSON.stringify(rows))).toEqual([
      `dup.json:2:variant: ${IMPORT_TEXTS.duplicate(1)}`,
    ]);
    rows.splice(1, 1);
    expect(await refusal('dup.json', JSON.stringify(rows))).toEqual([
      `dup.json:2:status: ${IMPORT_TEXTS.disagrees(1)}`,
    ]);
  });

  it('refuses a CSV file with the header as row 1 and data rows from 2', async () => {
    expect(await refusal('bad.csv', csv('category,brand,model,colour', 'C001,Acme,One,red'))).toEqual([
      'bad.csv:1:colour: Not a column of the import (see docs/api.md, "Bulk import").',
    ]);
    expect(await refusal('bad.csv', csv('category,brand', 'C001,Acme'))).toEqual([
      'bad.csv:1:model: This column is required.',
    ]);
    const errors = await refusal(
      'bad.csv',
      csv(
        'category,brand,model,variant,ram_gb,attribute_12,hidden,specs_url',
        'C001,Acme,Four,,8,Android 16,,https://example.com/a',
        'C001,Acme,Five,,lots,{"v":,,ftp://example.com',
        'C001,Acme,Six,,8,Android,maybe,',
        'C001,Acme,Seven',
      ),
    );
    expect(errors).toEqual([
      `bad.csv:3:attribute_12: ${IMPORT_TEXTS.attributeJson}`,
      'bad.csv:3:ram_gb: RAM must be a number of GB.',
      'bad.csv:3:specs_url: The specs source must be a web address (https://…).',
      'bad.csv:4:hidden: Leave it empty, or say rumoured, wrong or duplicate.',
      'bad.csv:5:row: It has 3 cells; the header has 8.',
    ]);
    expect(await refusal('bad.csv', csv('category,brand,model', 'C001,"Acme,One'))).toEqual([
      'bad.csv:2:file: A quoted field is not closed (a " is missing).',
    ]);
    expect(await refusal('notes.txt', 'x')).toEqual([`notes.txt:0:file: ${IMPORT_TEXTS.type}`]);
    expect(await refusal('empty.csv', 'category,brand,model\n')).toEqual([
      `empty.csv:0:file: ${IMPORT_TEXTS.empty}`,
    ]);
  });
});

describe('bulk import: planning and applying', () => {
  const file = () => {
    const [a, b] = phones as [Listed, Listed];
    return csv(
      'category,brand,model,variant,ram_gb,storage_gb,release_date,status,price,price_source,price_observed_on,hidden,attribute_12,attribute_13',
      'C001,Quillon,Zephyrine 5,8 GB + 128 GB,8,128,2026-10-01,available,24999,Quillon store,2026-11-01,,Android 16,"{""v"":6.7,""q"":3}"',
      'C001,Quillon,Zephyrine 5,12 GB + 256 GB,12,256,,,29999,Quillon store,2026-11-01,,,',
      `C001,${a.brand.toLowerCase()},"${a.model}",${a.variant},${(a.ram_gb ?? 4) + 1},,,discontinued,${a.price! + 1000},Amazon,2026-11-02,,Android 99,`,
      `C001,${b.brand},"${b.model}",${b.variant},,,,,,,,duplicate,,`,
    );
  };

  it('a dry run answers the plan and writes nothing', async () => {
    const [a, b] = phones as [Listed, Listed];
    const before = await counts();
    const plan = await run('phones.csv', file(), true);
    expect(await counts()).toEqual(before);
    expect(plan.added_models).toEqual([
      { category: 'C001', name: 'Quillon Zephyrine 5', variants: ['8 GB + 128 GB', '12 GB + 256 GB'] },
    ]);
    expect(plan.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ target: 'model', id: a.id, field: 'status', after: 'discontinued' }),
        expect.objectContaining({ target: 'variant', id: a.variant_id, field: 'ram_gb', before: a.ram_gb }),
        expect.objectContaining({ target: 'variant', id: a.variant_id, field: 'attribute_12' }),
      ]),
    );
    expect(plan.prices).toEqual([
      expect.objectContaining({ variant_id: null, after: 24999 }),
      expect.objectContaining({ variant_id: null, after: 29999 }),
      expect.objectContaining({ variant_id: a.variant_id, before: a.price, after: a.price! + 1000 }),
    ]);
    expect(plan.hidden).toEqual([{ model_id: b.id, name: `${b.brand} ${b.model}`, reason: 'duplicate' }]);
  });

  it('applies in one go through the editors’ changes; the second run plans and writes nothing', async () => {
    const [a, b] = phones as [Listed, Listed];
    const before = await counts();
    const plan = await run('phones.csv', file());
    expect(isEmptyPlan(plan)).toBe(false);
    const after = await counts();
    expect(after.models).toBe(before.models + 1);
    expect(after.variants).toBe(before.variants + 2);
    expect(after.prices).toBe(before.prices + 3);
    expect(after.hidden).toBe(before.hidden + 1);
    const [made] = await query<{ id: number; status: string; price: number; search_text: string }>(
      t.database,
      `SELECT p.id, p.status, p.price, p.search_text FROM products p JOIN brands b ON b.id = p.brand_id
        WHERE b.name = 'Quillon' AND p.model = 'Zephyrine 5'`,
    );
    expect(made).toMatchObject({ status: 'available', price: 24999 });
    expect(made!.search_text).toContain('zephyrine');
    const [changed] = await query<{ status: string; price: number; ram_gb: number; attributes: unknown }>(
      t.database,
      `SELECT p.status, v.price, v.ram_gb, v.attributes FROM products p JOIN product_variants v ON v.product_id = p.id
        WHERE v.id = ${a.variant_id}`,
    );
    expect(changed).toMatchObject({
      status: 'discontinued',
      price: a.price! + 1000,
      ram_gb: (a.ram_gb ?? 4) + 1,
    });
    expect(changed!.attributes).toMatchObject({ attribute_12: { v: 'Android 99' } });
    const lines = await query<{ action: string; actor_id: number | null }>(
      t.database,
      `SELECT action, actor_id FROM catalogue_changes ORDER BY id DESC LIMIT ${after.changes - before.changes}`,
    );
    expect(lines.map((l) => l.action).sort()).toEqual(
      [
        'create_model',
        'hide',
        'set_price',
        'set_price',
        'set_price',
        'update_model',
        'update_variant',
      ].sort(),
    );
    expect(lines.every((l) => l.actor_id === null)).toBe(true);
    const [hidden] = await query<{ hidden: boolean; hidden_reason: string }>(
      t.database,
      `SELECT hidden, hidden_reason FROM products WHERE id = ${b.id}`,
    );
    expect(hidden).toEqual({ hidden: true, hidden_reason: 'duplicate' });

    const again = await run('phones.csv', file());
    expect(isEmptyPlan(again)).toBe(true);
    expect(await counts()).toEqual(after);
  });

  it('records a price only when it changes (a price-only file works)', async () => {
    const [a] = phones as [Listed, Listed];
    const [now] = await query<{ price: number }>(
      t.database,
      `SELECT price FROM product_variants WHERE id = ${a.variant_id}`,
    );
    const priceFile = (price: number) =>
      JSON.stringify([
        {
          category: 'C001',
          brand: a.brand,
          model: a.model,
          variant: a.variant,
          price,
          price_source: 'Flipkart',
          price_observed_on: '2026-11-03',
        },
      ]);
    const before = await counts();
    expect(isEmptyPlan(await run('price.json', priceFile(now!.price)))).toBe(true);
    expect(await counts()).toEqual(before);
    const plan = await run('price.json', priceFile(now!.price - 500));
    expect(plan.prices).toEqual([
      expect.objectContaining({ variant_id: a.variant_id, before: now!.price, after: now!.price - 500 }),
    ]);
    expect(plan.changes).toEqual([]);
    const after = await counts();
    expect(after.prices).toBe(before.prices + 1);
    expect(after.changes).toBe(before.changes + 1);
    expect(isEmptyPlan(await run('price.json', priceFile(now!.price - 500)))).toBe(true);
    expect(await counts()).toEqual(after);
  });
});
