/**
 * The Hindi pages' heads (issue 25) as the server renders them: a Hindi title and description, Hindi breadcrumb
 * names whose links stay on the Hindi site, and the canonical address under /hi.
 */
import type { MetaDescriptor } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, query, type TestContext } from '../../test/app.ts';
import { named, pageHead, property } from '../../test/page-head.ts';
import { budgetPath } from '../../shared/discovery.ts';
import '../i18n/hindi.ts';
import * as brandPage from './brand.tsx';
import * as browsePage from './browse.tsx';
import * as budgetPage from './budget.tsx';
import * as homePage from './home.tsx';
import * as landingPage from './landing.tsx';
import * as productPage from './product.tsx';
import * as trendPage from './trend-list.tsx';

const ORIGIN = 'https://verdict.example';
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: ORIGIN });
});
afterAll(() => t.close());

const title = (head: MetaDescriptor[]) => head.map((m) => (m as { title?: string }).title).find(Boolean);
const canonical = (head: MetaDescriptor[]) =>
  head.filter((m) => (m as { rel?: string }).rel === 'canonical').map((m) => (m as { href: string }).href);
const trailOf = (head: MetaDescriptor[]) =>
  (
    head
      .filter((m) => 'script:ld+json' in m)
      .map(
        (m) => (m as { 'script:ld+json': { '@type': string; itemListElement?: unknown } })['script:ld+json'],
      )
      .find((o) => o['@type'] === 'BreadcrumbList')!.itemListElement as { name: string; item: string }[]
  ).map(({ name, item }) => ({ name, item }));

/** A route's `meta` on a Hindi page (the root loader says the language). */
function hindiMeta(
  page: { meta: (args: never) => MetaDescriptor[] },
  path: string,
  data?: unknown,
  id = 'x',
) {
  return page.meta({
    data,
    params: {},
    location: { pathname: path, search: '', hash: '', state: null, key: 'x' },
    matches: [{ id: 'root', data: { origin: ORIGIN, locale: 'hi' } }, { id }],
  } as never);
}

describe('Hindi page heads (issue 25)', () => {
  it('a product page: Hindi title, description and breadcrumbs, at its Hindi address', async () => {
    const [phone] = await query<{ id: number; brand: string }>(
      t.database,
      `SELECT coalesce(p.default_variant_id, p.id) AS id, b.name AS brand
       FROM products p JOIN brands b ON b.id = p.brand_id
       WHERE p.category_id = 'C001' AND NOT p.hidden AND p.price IS NOT NULL ORDER BY p.id LIMIT 1`,
    );
    const head = await pageHead(t, productPage as never, `/hi/product/${phone!.id}`, {
      id: String(phone!.id),
    });
    expect(title(head)).toMatch(/: कीमत, स्पेसिफ़िकेशन और रिव्यू · Verdict$/);
    expect(named(head, 'description')[0]).toMatch(/Verdict पर स्पेसिफ़िकेशन, रेटिंग और मालिकों के रिव्यू।$/);
    expect(named(head, 'description')[0]).not.toMatch(/\b(from|at|battery|Specifications)\b/);
    expect(canonical(head)[0]).toMatch(new RegExp(`^${ORIGIN}/hi/product/`));
    expect(property(head, 'og:locale')).toEqual(['hi_IN']);
    const trail = trailOf(head);
    expect(trail[0]).toEqual({ name: 'होम', item: `${ORIGIN}/hi/home` });
    expect(trail[1]).toEqual({ name: 'मोबाइल डिवाइस', item: `${ORIGIN}/hi/browse` });
    expect(trail[2]!.name).toBe(phone!.brand);
    expect(trail[3]!.item).toMatch(new RegExp(`^${ORIGIN}/hi/product/`));
  });

  it('a brand page and a budget page', async () => {
    const brand = await pageHead(t, brandPage as never, '/hi/brand/samsung', { slug: 'samsung' });
    expect(title(brand)).toBe('Samsung फ़ोन: कीमतें, स्पेसिफ़िकेशन और रिव्यू · Verdict');
    expect(named(brand, 'description')[0]).toMatch(/^Verdict पर Samsung के सभी [\d,]+ फ़ोन/);
    expect(canonical(brand)).toEqual([`${ORIGIN}/hi/brand/samsung`]);
    expect(trailOf(brand)[0]).toEqual({ name: 'होम', item: `${ORIGIN}/hi/home` });

    const budget = await pageHead(t, budgetPage as never, `/hi${budgetPath(20_000)}`);
    expect(title(budget)).toBe('₹20,000 से कम के सबसे अच्छे फ़ोन (भारत में) · Verdict');
    expect(named(budget, 'description')[0]).toContain('सबसे अच्छे फ़ोन');
    expect(canonical(budget)).toEqual([`${ORIGIN}/hi${budgetPath(20_000)}`]);
    expect(trailOf(budget)).toEqual([
      { name: 'होम', item: `${ORIGIN}/hi/home` },
      { name: '₹20,000 से कम के सबसे अच्छे फ़ोन', item: `${ORIGIN}/hi${budgetPath(20_000)}` },
    ]);
  });

  it('the landing, home, browse and trend list pages', async () => {
    expect(title(hindiMeta(landingPage as never, '/hi'))).toBe(
      'Verdict: भारतीय खरीदारों के सच्चे फ़ोन रिव्यू · Verdict',
    );
    expect(title(hindiMeta(homePage as never, '/hi/home'))).toBe(
      'सबसे ज़्यादा देखे, रिव्यू किए और पसंद किए गए फ़ोन · Verdict',
    );
    const browse = hindiMeta(
      browsePage as never,
      '/hi/browse',
      await browsePage.loader({
        request: new Request(`${ORIGIN}/hi/browse?category=C002`),
        params: {},
        context: { services: t.services },
      } as never),
    );
    expect(title(browse)).toBe('कारें देखें · Verdict');
    expect(named(browse, 'description')[0]).toContain('बजट, ब्रैंड, फ़ीचर');
    expect(title(hindiMeta(trendPage as never, '/hi/most-viewed-products', undefined, 'most-viewed'))).toBe(
      'सबसे ज़्यादा देखे गए फ़ोन · Verdict',
    );
  });
});
