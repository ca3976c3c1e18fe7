/**
 * The pages made to be found (issue 24), as the server renders their heads: versus, brand and budget pages each
 * have their canonical address, a preview image that answers with a picture, and JSON-LD that parses.
 */
import type { MetaDescriptor } from 'react-router';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, query, type TestContext } from '../../test/app.ts';
import { pageHead, type PageModule, property } from '../../test/page-head.ts';
import { brandPath, BUDGETS, budgetPath, versusPath } from '../../shared/discovery.ts';
import { brandPreview, comparePreview, SITE_PREVIEW } from '../../shared/preview-path.ts';
import { productPath, productSlug } from '../../shared/product-url.ts';
import * as brandPage from './brand.tsx';
import * as budgetPage from './budget.tsx';
import * as productPage from './product.tsx';
import * as versusPage from './versus.tsx';

const ORIGIN = 'https://verdict.example';
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: ORIGIN });
});
afterAll(() => t.close());

type Ld = Record<string, unknown> & { '@type': string; '@context': string };

const canonical = (head: MetaDescriptor[]) =>
  head.filter((m) => (m as { rel?: string }).rel === 'canonical').map((m) => (m as { href: string }).href);
/** The JSON-LD as a browser or crawler reads it: each script's text, parsed. */
const jsonLd = (head: MetaDescriptor[]): Ld[] =>
  head
    .filter((m) => 'script:ld+json' in m)
    .map((m) => JSON.parse(JSON.stringify((m as { 'script:ld+json': object })['script:ld+json'])) as Ld);

async function expectImage(head: MetaDescriptor[], preview: string) {
  expect(property(head, 'og:image')).toEqual([ORIGIN + preview]);
  const res = await t.app.inject({ url: preview });
  expect(res.statusCode, preview).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  const meta = await sharp(res.rawPayload).metadata();
  expect([meta.width, meta.height]).toEqual([1200, 630]);
}

/** What a loader threw (a redirect or an error response). */
async function thrown(page: PageModule, path: string, params: Record<string, string>): Promise<Response> {
  try {
    await pageHead(t, page, path, params);
  } catch (err) {
    if (err instanceof Response) return err;
    const d = err as { type?: string; init?: { status?: number }; data?: unknown };
    if (d.type === 'DataWithResponseInit')
      return new Response(String(d.data), { status: d.init?.status ?? 200 });
    throw err;
  }
  throw new Error(`${path} did not throw`);
}

interface Phone {
  id: number;
  model_id: number;
  brand: string;
  model: string;
}
const phones = (offset: number, n: number) =>
  query<Phone>(
    t.database,
    `SELECT coalesce(p.default_variant_id, p.id) AS id, p.id AS model_id, b.name AS brand, p.model
     FROM products p JOIN brands b ON b.id = p.brand_id
     WHERE p.category_id = 'C001' AND NOT p.hidden AND p.price IS NOT NULL ORDER BY p.id OFFSET ${offset} LIMIT ${n}`,
  );

describe('versus pages', () => {
  it('are canonical at the models in alphabetical order, with their picture, an ItemList and each Product', async () => {
    const [a, b, c] = await phones(10, 3);
    const path = versusPath([a!, b!, c!]);
    const pair = path.slice('/compare/'.length);
    const head = await pageHead(t, versusPage as never, path, { pair });
    expect(canonical(head)).toEqual([ORIGIN + path]);
    await expectImage(head, comparePreview([a!.id, b!.id, c!.id]));
    const ld = jsonLd(head);
    const list = ld.find((o) => o['@type'] === 'ItemList')!;
    expect(list['@context']).toBe('https://schema.org');
    const order = pair.split('-vs-');
    const byslug = new Map([a!, b!, c!].map((p) => [productSlug(p), p]));
    expect(list.itemListElement).toEqual(
      order.map((slug, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: `${byslug.get(slug)!.brand} ${byslug.get(slug)!.model}`,
        url: ORIGIN + productPath(byslug.get(slug)!.id, byslug.get(slug)!),
      })),
    );
    expect(ld.filter((o) => o['@type'] === 'Product')).toHaveLength(3);
    expect(ld.find((o) => o['@type'] === 'BreadcrumbList')).toBeDefined();
  });

  it('in another order, or in capitals, move (301) to the canonical one; an unknown model is not found', async () => {
    const [a, b] = await phones(20, 2);
    const path = versusPath([a!, b!]);
    const [first, second] = path.slice('/compare/'.length).split('-vs-');
    for (const asked of [`${second}-vs-${first}`, `${first}-vs-${second}`.toUpperCase()]) {
      const res = await thrown(versusPage as never, `/compare/${asked}`, { pair: asked });
      expect(res.status, asked).toBe(301);
      expect(res.headers.get('location')).toBe(path);
    }
    for (const asked of [`${first}-vs-nokia-no-such-phone-9`, `${first}`, `${first}-vs-${first}`]) {
      expect((await thrown(versusPage as never, `/compare/${asked}`, { pair: asked })).status, asked).toBe(
        404,
      );
    }
  });
});

describe('brand pages', () => {
  it('are canonical without their sort, with the brand’s picture and an ItemList of the page', async () => {
    const head = await pageHead(t, brandPage as never, '/brand/samsung?sort=price-asc&page=1', {
      slug: 'samsung',
    });
    expect(canonical(head)).toEqual([`${ORIGIN}/brand/samsung?page=1`]);
    const [brand] = await query<{ id: number }>(
      t.database,
      `SELECT id FROM brands WHERE name = 'Samsung' AND category_id = 'C001'`,
    );
    await expectImage(head, brandPreview(brand!.id));
    const list = jsonLd(head).find((o) => o['@type'] === 'ItemList')!;
    const items = list.itemListElement as { position: number; url: string }[];
    expect(items).toHaveLength(24);
    expect(items[0]!.position).toBe(25);
    expect(items.every((i) => i.url.startsWith(`${ORIGIN}/product/`))).toBe(true);
  });

  it('are where a product page’s breadcrumbs lead from its brand', async () => {
    const [phone] = await phones(30, 1);
    const head = await pageHead(t, productPage as never, `/product/${phone!.id}`, { id: String(phone!.id) });
    const trail = jsonLd(head).find((o) => o['@type'] === 'BreadcrumbList')!.itemListElement as {
      name: string;
      item: string;
    }[];
    expect(trail[2]).toMatchObject({ name: phone!.brand, item: `${ORIGIN}${brandPath(phone!.brand)}` });
  });

  it('answer 400 to an unknown sort and 404 to an unknown brand or a page past the last', async () => {
    expect(
      (await thrown(brandPage as never, '/brand/samsung?sort=cheapest', { slug: 'samsung' })).status,
    ).toBe(400);
    expect((await thrown(brandPage as never, '/brand/no-such-brand', { slug: 'no-such-brand' })).status).toBe(
      404,
    );
    expect((await thrown(brandPage as never, '/brand/samsung?page=999', { slug: 'samsung' })).status).toBe(
      404,
    );
  });
});

describe('budget pages', () => {
  it('are canonical at their own address, with the site’s picture and an ItemList of the ranked phones', async () => {
    for (const limit of BUDGETS) {
      const path = budgetPath(limit);
      const head = await pageHead(t, budgetPage as never, path);
      expect(canonical(head)).toEqual([ORIGIN + path]);
      const list = jsonLd(head).find((o) => o['@type'] === 'ItemList')!;
      const items = list.itemListElement as { position: number; url: string }[];
      expect(items.length, path).toBeGreaterThan(0);
      expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
    }
    await expectImage(await pageHead(t, budgetPage as never, budgetPath(20_000)), SITE_PREVIEW);
  });
});
