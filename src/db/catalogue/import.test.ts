import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.ts';
import { cloneDatabase } from '../../test/database.ts';
import { inject } from 'vitest';
import { CATALOGUE_DIR, importCatalogue, readCatalogue } from './import.ts';
import { query } from '../../test/app.ts';
import { countersEqualRows } from '../../test/counters.ts';

let database: Database;
beforeAll(async () => {
  database = await cloneDatabase(inject('template'));
});
afterAll(() => database.close());

describe('catalogue import', () => {
  const modelsOf = (id: 'C001' | 'C002' | 'C003') =>
    new Set(
      readCatalogue(id)
        .filter((r) => r.listingConfidence !== 'rumoured')
        .map((r) => r.modelKey),
    ).size;
  const variantsOf = (id: 'C001' | 'C002' | 'C003') =>
    readCatalogue(id).filter((r) => r.listingConfidence !== 'rumoured').length;

  it('loaded the three categories with every model and variant, and no rumoured phone', async () => {
    const rows = await query<{ id: string; name: string; n: number; variants: number }>(
      database,
      `SELECT c.id, c.name, count(p.id)::int AS n, coalesce(sum(p.variant_count), 0)::int AS variants
       FROM categories c LEFT JOIN products p ON p.category_id = c.id GROUP BY 1, 2 ORDER BY 1`,
    );
    expect(rows).toEqual([
      { id: 'C001', name: 'Mobile Devices', n: modelsOf('C001'), variants: variantsOf('C001') },
      { id: 'C002', name: 'Cars', n: modelsOf('C002'), variants: variantsOf('C002') },
      { id: 'C003', name: 'Motorbikes', n: modelsOf('C003'), variants: variantsOf('C003') },
    ]);
    expect(modelsOf('C001')).toBeLessThan(variantsOf('C001'));
    const [variants] = await query<{ n: number }>(
      database,
      `SELECT count(*)::int AS n FROM product_variants`,
    );
    expect(variants!.n).toBe(variantsOf('C001') + variantsOf('C002') + variantsOf('C003'));
    const rumoured = readCatalogue('C001').filter((r) => r.listingConfidence === 'rumoured');
    expect(rumoured.length).toBeGreaterThan(0);
    const [leaked] = await query<{ n: number }>(
      database,
      `SELECT count(*)::int AS n FROM product_variants WHERE listing_confidence = 'rumoured'`,
    );
    expect(leaked!.n).toBe(0);
  });

  it('groups the variants of one phone into one model, the cheapest its default', async () => {
    const [m] = await query<Record<string, unknown>>(
      database,
      `SELECT p.id, p.model, p.variant, p.price, p.price_max, p.variant_count, p.default_variant_id,
         p.listing_confidence, p.verified, p.hidden, p.known_attributes, p.sources,
         (SELECT array_agg(v.variant || '=' || v.price ORDER BY v.price) FROM product_variants v
           WHERE v.product_id = p.id) AS variants
       FROM products p WHERE p.model_key = 'samsung|galaxys24fe'`,
    );
    expect(m).toEqual({
      id: m!.default_variant_id,
      model: 'Galaxy S24 FE 5G',
      variant: '8GB RAM + 128GB',
      price: 33885,
      price_max: 38888,
      variant_count: 2,
      default_variant_id: m!.id,
      listing_confidence: 'confirmed',
      verified: true,
      hidden: false,
      known_attributes: 24,
      sources: { specs: 'GSMArena', price: 'on Smartprix in late 2025' },
      variants: ['8GB RAM + 128GB=33885', '8GB RAM + 256GB=38888'],
    });
    const meta = await query<{ key: string; value: string }>(
      database,
      `SELECT key, value FROM catalogue_meta ORDER BY key`,
    );
    expect(meta.map((r) => r.key)).toEqual(['newest_release', 'prices_as_of', 'version']);
    expect(meta.find((r) => r.key === 'prices_as_of')!.value).toBe('2025-10-13');
  });

  it('keeps every counter equal to its rows after a fresh import and the demo community', async () => {
    expect(await countersEqualRows(database.db)).toEqual([]);
    const [orphans] = await query<{ n: number }>(
      database,
      `SELECT count(*)::int AS n FROM products p WHERE NOT EXISTS (
         SELECT 1 FROM product_variants v WHERE v.id = p.default_variant_id AND v.product_id = p.id)
         OR p.variant_count <> (SELECT count(*) FROM product_variants v WHERE v.product_id = p.id)`,
    );
    expect(orphans!.n).toBe(0);
    const [foreign] = await query<{ n: number }>(
      database,
      `SELECT count(*)::int AS n FROM reviews r JOIN product_variants v ON v.id = r.variant_id
       WHERE v.product_id <> r.product_id`,
    );
    expect(foreign!.n).toBe(0);
  });

  it('is idempotent and leaves counters alone, while applying changed data', async () => {
    const totals = `SELECT count(*)::int AS n, sum(total_reviews)::int AS reviews, sum(views)::int AS views,
        (SELECT count(*)::int FROM product_variants) AS variants FROM products`;
    const before = await query(database, totals);
    const phones = readCatalogue('C001');
    phones[0] = { ...phones[0]!, price: 12345 };
    await importCatalogue(database.db, { C001: phones });
    await importCatalogue(database.db, { C001: phones });
    expect(await query(database, totals)).toEqual(before);
    const [changed] = await query<{ price: number; from: number }>(
      database,
      `SELECT v.price, p.price AS from FROM product_variants v JOIN brands b ON b.id = v.brand_id
        JOIN products p ON p.id = v.product_id
        WHERE b.name = '${phones[0]!.brand.replace(/'/g, "''")}' AND v.model = '${phones[0]!.model.replace(/'/g, "''")}' AND v.variant = '${phones[0]!.variant.replace(/'/g, "''")}'`,
    );
    expect(changed!.price).toBe(12345);
    expect(changed!.from).toBeLessThanOrEqual(12345);
  });

  it('dates a product changed by an import (the sitemap lastmod), and leaves the others alone', async () => {
    await database.db.execute(`UPDATE products SET updated_at = '2024-03-05T10:00:00Z'`);
    const phones = readCatalogue('C001');
    // A phone with one variant: its price is its model's.
    const single = phones.findIndex(
      (r, i) => i > 0 && r.price != null && phones.filter((o) => o.modelKey === r.modelKey).length === 1,
    );
    phones[single] = { ...phones[single]!, price: phones[single]!.price! + 1000 };
    await importCatalogue(database.db, { C001: phones });
    const dates = await query<{ day: string; n: number }>(
      database,
      `SELECT to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n FROM products
       GROUP BY 1 ORDER BY 1`,
    );
    const [today] = await query<{ day: string }>(
      database,
      `SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day`,
    );
    // The phone changed here, and the one the test before changed, back to its price in the catalogue.
    expect(dates.find((d) => d.day === today!.day)?.n).toBe(2);
    expect(dates.find((d) => d.day === '2024-03-05')?.n).toBeGreaterThan(1000);
  });
});

describe('a malformed catalogue file', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** A copy of phones.json changed by `edit`; returns the path the errors name. */
  function phonesWith(edit: (text: string) => string): string {
    dir = mkdtempSync(join(tmpdir(), 'verdict-catalogue-'));
    const path = join(dir, 'phones.json');
    writeFileSync(path, edit(readFileSync(join(CATALOGUE_DIR, 'phones.json'), 'utf8')));
    return path;
  }
  const rowsEdited = (edit: (rows: Record<string, unknown>[]) => void) =>
    phonesWith((text) => {
      const rows = JSON.parse(text) as Record<string, unknown>[];
      edit(rows);
      return JSON.stringify(rows);
    });

  it('names the file when its JSON is cut short', () => {
    // A file that cannot be read at all is named too.
    expect(() => readCatalogue('C001', '/nowhere')).toThrow('/nowhere/phones.json: not readable JSON');
    const file = phonesWith((text) => text.slice(0, Math.floor(text.length / 2)));
    expect(() => readCatalogue('C001', dir)).toThrow(`${file}: not readable JSON (`);
  });

  it('refuses the file with file:row:field: reason for each bad row, before anything is written', () => {
    const file = rowsEdited((rows) => {
      rows[2]!.price_inr = '12,999';
      rows[6]!.battery_mah = -5000;
      delete rows[9]!.brand;
      rows[11]!.released = '2024-13-40';
    });
    let message = '';
    try {
      readCatalogue('C001', dir);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message.split('\n')).toEqual([
      `${file}: 4 problems; nothing was imported`,
      `${file}:3:price_inr: must be a number`,
      `${file}:7:battery_mah: must not be negative`,
      `${file}:10:brand: must be a non-empty text`,
      `${file}:12:released: is not a real date`,
    ]);
  });

  it('lists a bounded number of problems', () => {
    const file = rowsEdited((rows) => rows.slice(0, 50).forEach((row) => (row.ram_gb = 'lots')));
    const message = (() => {
      try {
        readCatalogue('C001', dir);
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    })();
    const lines = message.split('\n');
    expect(lines[0]).toBe(`${file}: 50 problems; nothing was imported`);
    expect(lines).toHaveLength(22);
    expect(lines[1]).toBe(`${file}:1:ram_gb: must be a number`);
    expect(lines.at(-1)).toBe('… and 30 more');
  });

  it('says what the database refused, without the statement, and leaves the catalogue as it was', async () => {
    const before = await query(
      database,
      `SELECT count(*)::int AS n, sum(price)::text AS prices FROM products`,
    );
    const phones = readCatalogue('C001');
    phones[1] = { ...phones[1]!, price: 1e12 };
    const failed = await importCatalogue(database.db, { C001: phones }).then(
      () => null,
      (err: Error) => err,
    );
    expect(failed?.message).toMatch(/^importing the catalogue failed, nothing was imported: .*out of range/);
    expect(failed!.message.length).toBeLessThan(300);
    expect(failed!.message).not.toMatch(/insert into/i);
    expect(
      await query(database, `SELECT count(*)::int AS n, sum(price)::text AS prices FROM products`),
    ).toEqual(before);
  });
});

describe('the price history of an import (issue 19)', () => {
  let own: Database;
  beforeAll(async () => {
    own = await cloneDatabase(inject('template'));
  });
  afterAll(() => own.close());

  const historyCount = async () =>
    (await query<{ n: number }>(own, `SELECT count(*)::int AS n FROM price_history`))[0]!.n;

  it('a fresh import recorded each priced variant once, from the catalogue file, on its prices date', async () => {
    const [check] = await query<{ priced: number; rows: number; wrong: number; unmatched: number }>(
      own,
      `SELECT (SELECT count(*)::int FROM product_variants WHERE price > 0) AS priced,
         (SELECT count(*)::int FROM price_history) AS rows,
         (SELECT count(*)::int FROM price_history
           WHERE source <> 'Catalogue file' OR observed_at <> '2025-10-13' OR recorded_by IS NOT NULL) AS wrong,
         (SELECT count(*)::int FROM product_variants v WHERE v.price > 0 AND v.price IS DISTINCT FROM
           (SELECT h.price FROM price_history h WHERE h.variant_id = v.id)) AS unmatched`,
    );
    expect(check!.priced).toBeGreaterThan(2000);
    expect(check).toEqual({ priced: check!.priced, rows: check!.priced, wrong: 0, unmatched: 0 });
  });

  it('records a changed price and a new variant once; running the same file again adds nothing', async () => {
    const before = await historyCount();
    const phones = readCatalogue('C001');
    const i = phones.findIndex((r) => r.price != null && r.listingConfidence !== 'rumoured');
    const changed = { ...phones[i]!, price: phones[i]!.price! + 111 };
    phones[i] = changed;
    const added = { ...changed, variant: `${changed.variant} Test Edition`, price: 77_777 };
    phones.push(added);
    await importCatalogue(own.db, { C001: phones });
    expect(await historyCount()).toBe(before + 2);
    const latest = await query<{ variant: string; price: number; source: string; observed_at: string }>(
      own,
      `SELECT v.variant, h.price, h.source, h.observed_at::text AS observed_at
       FROM price_history h JOIN product_variants v ON v.id = h.variant_id ORDER BY h.id DESC LIMIT 2`,
    );
    expect(latest.sort((a, b) => a.price - b.price)).toEqual(
      [
        {
          variant: changed.variant,
          price: changed.price,
          source: 'Catalogue file',
          observed_at: '2025-10-13',
        },
        { variant: added.variant, price: 77_777, source: 'Catalogue file', observed_at: '2025-10-13' },
      ].sort((a, b) => a.price - b.price),
    );
    await importCatalogue(own.db, { C001: phones });
    expect(await historyCount()).toBe(before + 2);
  });
});

describe('the bundled catalogue and the editors’ changes (decision 0016)', () => {
  let own: Database;
  beforeAll(async () => {
    own = await cloneDatabase(inject('template'));
  });
  afterAll(() => own.close());

  it('a re-import leaves alone every model with a line in the catalogue’s history, and updates the others', async () => {
    const phones = readCatalogue('C001');
    const singles = phones
      .map((r, i) => ({ r, i }))
      .filter(
        ({ r }) =>
          r.price != null &&
          r.listingConfidence !== 'rumoured' &&
          phones.filter((o) => o.modelKey === r.modelKey).length === 1,
      );
    const [edited, other] = [singles[0]!, singles[1]!];
    const idOf = async (key: string) =>
      (
        await query<{ id: number }>(
          own,
          `SELECT id FROM products WHERE category_id = 'C001' AND model_key = '${key.replace(/'/g, "''")}'`,
        )
      )[0]!.id;
    const editedId = await idOf(edited.r.modelKey);
    const otherId = await idOf(other.r.modelKey);
    // An editor's changes: the price, the listing (hidden), and the history line every change writes.
    await own.db.execute(`UPDATE product_variants SET price = 11 WHERE product_id = ${editedId}`);
    await own.db.execute(`UPDATE products SET hidden = true, hidden_reason = 'wrong' WHERE id = ${editedId}`);
    await own.db.execute(`INSERT INTO catalogue_changes (actor_id, action, target_type, target_id)
      VALUES (NULL, 'set_price', 'variant', ${editedId})`);
    phones[edited.i] = { ...edited.r, price: edited.r.price! + 222 };
    phones[other.i] = { ...other.r, price: other.r.price! + 333 };
    await importCatalogue(own.db, { C001: phones });
    const state = await query<{ id: number; price: number; hidden: boolean }>(
      own,
      `SELECT p.id, v.price, p.hidden FROM products p JOIN product_variants v ON v.product_id = p.id
        WHERE p.id IN (${editedId}, ${otherId}) ORDER BY p.id = ${editedId} DESC`,
    );
    expect(state).toEqual([
      { id: editedId, price: 11, hidden: true },
      { id: otherId, price: other.r.price! + 333, hidden: false },
    ]);
  });
});
