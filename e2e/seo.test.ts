/**
 * Search-engine visibility (issue 7), as a crawler sees it: the first HTML response of each page (fetched, not
 * rendered by a browser) carries its description, canonical URL and Open Graph tags, or noindex and no
 * canonical on account and search pages; JSON-LD for products (rating only from 10 reviews), reviews and articles,
 * with breadcrumbs; robots.txt and the sitemap index, whose URLs answer 200.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { productName } from '../src/shared/format.ts';
import { productPath, productSlug } from '../src/shared/product-url.ts';
import { versusPath } from '../src/shared/discovery.ts';
import { baseURL, browserAvailable } from './browser.ts';
import { api, type Card, firstProductId, homeData } from './helpers.ts';

interface Page {
  status: number;
  html: string;
}

interface Head {
  /** The page's <title>; undefined when it has none or several. */
  title: string | undefined;
  /** Every <meta>, as its attributes. */
  metas: Record<string, string>[];
  canonicals: string[];
  /** hreflang → href of the <link rel="alternate" hreflang> tags. */
  alternates: Record<string, string>;
  /** The <html lang>. */
  lang: string | undefined;
}

interface ProductInfo extends Card {
  canonical_id: number;
  price_from: number | null;
  price_max: number | null;
  variants: { id: number; price: number | null }[];
  value: number;
  total_reviews: number;
  category_id: string;
  category_name: string;
}

type Ld = Record<string, unknown> & { '@type': string };

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const attributes = (tag: string) =>
  Object.fromEntries(Array.from(tag.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g), (m) => [m[1]!, decode(m[2]!)]));

async function fetchPage(path: string): Promise<Page> {
  const res = await fetch(`${baseURL()}${path}`, { redirect: 'manual' });
  return { status: res.status, html: await res.text() };
}

/** The <head> as the server sent it. */
function headOf(html: string): Head {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
  const metas = Array.from(head.matchAll(/<meta\s[^>]*>/g), (m) => attributes(m[0]));
  const links = Array.from(head.matchAll(/<link\s[^>]*>/g), (m) => attributes(m[0]));
  const canonicals = links.filter((a) => a.rel === 'canonical').map((a) => a.href ?? '');
  const alternates = Object.fromEntries(
    links.filter((a) => a.rel === 'alternate' && a.hrefLang).map((a) => [a.hrefLang!, a.href ?? '']),
  );
  const lang = /<html lang="([^"]*)"/.exec(html)?.[1];
  const titles = Array.from(head.matchAll(/<title>([^<]*)<\/title>/g), (m) => decode(m[1]!));
  return { title: titles.length === 1 ? titles[0] : undefined, metas, canonicals, alternates, lang };
}

/** The content of the one meta tag with `attr`=`value` (fails on none or several). */
function metaContent(h: Head, attr: 'name' | 'property', value: string, where = ''): string {
  const found = h.metas.filter((m) => m[attr] === value);
  expect(found, `<meta ${attr}="${value}"> ${where}`).toHaveLength(1);
  return found[0]!.content ?? '';
}

/** Every <script type="application/ld+json"> of the page, parsed. */
function jsonLd(html: string): Ld[] {
  return Array.from(
    html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
    (m) => JSON.parse(m[1]!) as Ld,
  );
}

const ofType = (all: Ld[], type: string) => {
  const found = all.filter((o) => o['@type'] === type);
  expect(found, `JSON-LD of @type ${type}`).toHaveLength(1);
  expect(found[0]!['@context']).toBe('https://schema.org');
  return found[0]!;
};

/** The <loc>s of a sitemap file. */
const locs = (xml: string) => Array.from(xml.matchAll(/<loc>([^<]+)<\/loc>/g), (m) => decode(m[1]!));

/** `path` from an absolute URL of the test server (the sitemap's origin is PUBLIC_URL, the server's address). */
function pathOf(url: string): string {
  expect(url.startsWith(`${baseURL()}/`), `${url} on ${baseURL()}`).toBe(true);
  return url.slice(baseURL().length);
}

/** Fetches every URL (a few at a time), and returns those that did not answer 200, with their status. */
async function notOk(urls: string[]): Promise<string[]> {
  const bad: string[] = [];
  const queue = [...urls];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        const res = await fetch(url, { redirect: 'manual' });
        await res.arrayBuffer();
        if (res.status !== 200) bad.push(`${url}: ${res.status}`);
      }
    }),
  );
  return bad;
}

/** `n` items spread evenly over `list`, first and last included. */
const spread = <T>(list: T[], n: number): T[] =>
  Array.from({ length: n }, (_, i) => list[Math.round((i * (list.length - 1)) / (n - 1))]!);

function expectBreadcrumbs(all: Ld[], names: string[], lastUrl: string): void {
  const list = ofType(all, 'BreadcrumbList').itemListElement as {
    '@type': string;
    position: number;
    name: string;
    item: string;
  }[];
  expect(list.map((c) => c.name)).toEqual(names);
  expect(list.map((c) => c.position)).toEqual(names.map((_, i) => i + 1));
  for (const c of list) {
    expect(c['@type']).toBe('ListItem');
    pathOf(c.item);
  }
  expect(list.at(-1)!.item).toBe(lastUrl);
  expect(list[0]!.item).toBe(`${baseURL()}/home`);
}

// Plain HTTP, but the server is only started when the browser tests run.
describe.skipIf(!browserAvailable())('search engines', () => {
  let rated: ProductInfo;
  let unrated: ProductInfo;
  let phoneId: number;
  let carId: number;
  /** A member with a public profile: the author of a review of `rated`. */
  let reviewer: string;

  beforeAll(async () => {
    const product = async (id: number) => (await api<{ product: ProductInfo }>(`/product/${id}`)).product;
    const home = await homeData();
    rated = await product(home.most_reviewed_products[0]!.id);
    // A priced phone with some reviews, but fewer than 10 (demo data), from the catalogue's listing.
    for (let page = 0; !unrated && page < 40; page++) {
      const { products } = await api<{ products: ProductInfo[] }>(
        `/browse/category/C001?size=50&page=${page}`,
      );
      const few = products.find((p) => p.total_reviews > 0 && p.total_reviews < 10 && p.price != null);
      if (few) unrated = await product(few.id);
    }
    [phoneId, carId] = await Promise.all([firstProductId('C001'), firstProductId('C002')]);
    const { items } = await api<{ items: { author: { username: string } }[] }>(
      `/product/${rated.id}/reviews?page=0&size=1`,
    );
    reviewer = items[0]!.author.username;
  });

  it('every public page has a description, a canonical URL and Open Graph tags in its first HTML', async () => {
    const pagesXml = await (await fetch(`${baseURL()}/sitemaps/pages.xml`)).text();
    // Products at their readable, canonical address (issue 24).
    const [phone, car] = await Promise.all(
      [phoneId, carId].map(async (id) => (await api<{ product: ProductInfo }>(`/product/${id}`)).product),
    );
    const paths = [
      ...locs(pagesXml).map(pathOf),
      ...[phone!, car!, rated].map((p) => productPath(p.canonical_id, p)),
      '/browse?category=C002&budgetMax=900000',
      '/compare',
      `/profile/${reviewer}`,
      // Pages made to be found (issue 24): a versus page and a brand's.
      versusPath([rated, unrated]),
      '/brand/samsung',
    ];
    const problems: string[] = [];
    for (const path of paths) {
      const { status, html } = await fetchPage(path);
      const h = headOf(html);
      // The path without its query, except a category's listing, which is a page of its own.
      const category = /^\/browse\?category=(C00[23])/.exec(path)?.[1];
      const expected =
        baseURL() + new URL(path, baseURL()).pathname + (category ? `?category=${category}` : '');
      const check = (ok: boolean, what: string) => ok || problems.push(`${path}: ${what}`);
      check(status === 200, `status ${status}`);
      check(
        h.canonicals.length === 1 && h.canonicals[0] === expected,
        `canonical ${h.canonicals.join(', ')}`,
      );
      const meta = (attr: string, value: string) =>
        h.metas.filter((m) => m[attr] === value).map((m) => m.content ?? '');
      const description = meta('name', 'description');
      check(
        description.length === 1 && description[0]!.length >= 20,
        `description ${description.join(' | ')}`,
      );
      check(meta('property', 'og:description').join() === description.join(), 'og:description');
      check(meta('property', 'og:url').join() === expected, `og:url ${meta('property', 'og:url').join()}`);
      const ogTitle = meta('property', 'og:title');
      check(ogTitle.length === 1 && ogTitle[0]!.length > 0, `og:title ${ogTitle.join(' | ')}`);
      check(!!h.title?.includes(ogTitle[0] ?? '\u0000'), `title '${h.title}' vs og:title`);
      check(meta('name', 'robots').length === 0, 'robots');
      // The same page in Hindi (issue 25): in Hindi, canonical at its /hi address, and each names the other.
      const hindiUrl =
        baseURL() +
        '/hi' +
        (expected.slice(baseURL().length) === '/' ? '' : expected.slice(baseURL().length));
      const hindi = await fetchPage('/hi' + path);
      const hh = headOf(hindi.html);
      check(hindi.status === 200, `Hindi status ${hindi.status}`);
      check(h.lang === 'en-IN' && hh.lang === 'hi', `lang ${h.lang} / ${hh.lang}`);
      check(hh.canonicals.join() === hindiUrl, `Hindi canonical ${hh.canonicals.join()}`);
      const pair = { 'en-IN': expected, hi: hindiUrl, 'x-default': expected };
      check(
        JSON.stringify(h.alternates) === JSON.stringify(pair),
        `hreflang ${JSON.stringify(h.alternates)}`,
      );
      check(
        JSON.stringify(hh.alternates) === JSON.stringify(pair),
        `Hindi hreflang ${JSON.stringify(hh.alternates)}`,
      );
      const hindiDescription = hh.metas.find((m) => m.name === 'description')?.content ?? '';
      // An article stays in the language it was written in (English), and so does its summary.
      if (!path.startsWith('/articles/'))
        check(/[\u0900-\u097f]/.test(hindiDescription), `Hindi description '${hindiDescription}'`);
    }
    expect(problems).toEqual([]);
    expect(paths.length).toBeGreaterThan(30);
  });

  it('a profile opened in another case is canonical at the username as stored', async () => {
    const shouted = reviewer.toUpperCase();
    expect(shouted).not.toBe(reviewer);
    const { status, html } = await fetchPage(`/profile/${shouted}`);
    expect(status).toBe(200);
    expect(headOf(html).canonicals).toEqual([`${baseURL()}/profile/${reviewer}`]);
    expect(metaContent(headOf(html), 'property', 'og:url')).toBe(`${baseURL()}/profile/${reviewer}`);
  });

  it('a product page’s link preview is a picture drawn by the server, and so is the home page’s', async () => {
    for (const path of [productPath(rated.canonical_id, rated), '/home']) {
      const h = headOf((await fetchPage(path)).html);
      const image = metaContent(h, 'property', 'og:image', path);
      expect(image, path).toBe(
        baseURL() + (path === '/home' ? '/previews/site.png' : `/previews/product/${rated.canonical_id}.png`),
      );
      expect(metaContent(h, 'name', 'twitter:card', path)).toBe('summary_large_image');
      expect(metaContent(h, 'property', 'og:image:width', path)).toBe('1200');
      expect(metaContent(h, 'property', 'og:image:height', path)).toBe('630');
      const res = await fetch(image);
      expect(res.status, image).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
      const bytes = new Uint8Array(await res.arrayBuffer());
      // A PNG signature, then the IHDR chunk's width and height (big-endian): 1200 × 630.
      expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const view = new DataView(bytes.buffer, bytes.byteOffset);
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
      // Asked again with its tag: not sent again.
      const again = await fetch(image, { headers: { 'if-none-match': res.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }
  });

  it('the landing and home pages describe the organization and the site, with a search action', async () => {
    for (const path of ['/', '/about', '/home']) {
      const all = jsonLd((await fetchPage(path)).html);
      const organization = ofType(all, 'Organization');
      expect(organization, path).toMatchObject({
        '@id': `${baseURL()}/#organization`,
        name: 'Verdict',
        url: `${baseURL()}/`,
        logo: `${baseURL()}/favicon.svg`,
      });
      // The test server sets no social links or support address: none is invented.
      expect(organization.sameAs, path).toBeUndefined();
      expect(organization.contactPoint, path).toBeUndefined();
      const site = ofType(all, 'WebSite');
      expect(site, path).toMatchObject({
        '@id': `${baseURL()}/#website`,
        name: 'Verdict',
        url: `${baseURL()}/`,
        publisher: { '@id': `${baseURL()}/#organization` },
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${baseURL()}/search/{search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      });
      // The search action's address is a real results page.
      const target = (site.potentialAction as { target: { urlTemplate: string } }).target.urlTemplate;
      expect((await fetchPage(pathOf(target.replace('{search_term_string}', 'galaxy')))).status).toBe(200);
    }
  });

  it('/favicon.ico is a real icon', async () => {
    const res = await fetch(`${baseURL()}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // An ICO header: reserved 0, type 1 (icon), at least one image.
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(bytes[4]! + bytes[5]! * 256).toBeGreaterThan(0);
  });

  it('legal pages answer in any case and with a trailing slash, under one canonical address', async () => {
    for (const [path, canonical] of [
      ['/Corporate/', '/corporate'],
      ['/privacy-policy/', '/privacy-policy'],
      ['/about/', '/about'],
    ] as const) {
      const { status, html } = await fetchPage(path);
      expect(status, path).toBe(200);
      expect(headOf(html).canonicals, path).toEqual([baseURL() + canonical]);
    }
    expect((await fetchPage('/about/')).html).toContain('About Verdict');
  });

  it('account, recommendation, search and error pages have noindex and no canonical', async () => {
    const pages: [string, number][] = [
      ['/sign-in', 200],
      ['/my-account', 200],
      ['/user-profile', 200],
      ['/delete-my-account', 200],
      ['/notifications', 200],
      ['/unsubscribe', 200],
      ['/email-verification', 200],
      ['/initiate-forgot-password', 200],
      ['/product-recommendation', 200],
      ['/search', 200],
      ['/search/xyz', 200],
      ['/help-center?q=compare', 200],
      ['/user-campaign', 200],
    ];
    for (const [path, want] of pages) {
      const { status, html } = await fetchPage(path);
      expect(status, path).toBe(want);
      const h = headOf(html);
      expect(metaContent(h, 'name', 'robots', path), path).toBe('noindex');
      expect(h.canonicals, path).toEqual([]);
      expect(metaContent(h, 'name', 'description', path).length, path).toBeGreaterThan(0);
    }
    // Error pages answer 404 or 500, with noindex, one title and no canonical URL.
    const errors: [string, number][] = [
      ['/page-not-found', 404],
      ['/no/such/page', 404],
      ['/articles/gone-999', 404],
      ['/product/999999999', 404],
      // A page past the last of a listing is not found, as for the trend lists.
      ['/browse?page=9999', 404],
      ['/browse?category=C002&page=9999', 404],
      ['/internal-server-error', 500],
    ];
    for (const [path, want] of errors) {
      const { status, html } = await fetchPage(path);
      expect(status, path).toBe(want);
      const h = headOf(html);
      expect(h.canonicals, path).toEqual([]);
      expect(metaContent(h, 'name', 'robots', path), path).toBe('noindex');
      expect(html.match(/<title>/g)?.length, path).toBe(1);
    }
  });

  /** One page per phone (issue 18): the phone's name, its variant only when it has one. */
  const modelName = (p: ProductInfo) => productName(p.variants.length > 1 ? { ...p, variant: '' } : p);

  it('a product page has one Product JSON-LD per phone with an INR AggregateOffer and its breadcrumbs; the rating only from 10 reviews', async () => {
    expect(rated.total_reviews).toBeGreaterThanOrEqual(10);
    expect(unrated, 'a phone with 1 to 9 reviews in the demo data').toBeDefined();
    for (const p of [rated, unrated]) {
      const { status, html } = await fetchPage(`/product/${p.id}`);
      expect(status).toBe(200);
      const url = `${baseURL()}${productPath(p.canonical_id, p)}`;
      expect(headOf(html).canonicals).toEqual([url]);
      const all = jsonLd(html);
      const product = ofType(all, 'Product');
      const priced = p.variants.filter((v) => v.price != null);
      expect(product).toMatchObject({
        name: modelName(p),
        url,
        brand: { '@type': 'Brand', name: p.brand },
        offers: { '@type': 'AggregateOffer', priceCurrency: 'INR', offerCount: priced.length, url },
      });
      const offers = product.offers as { lowPrice: string; highPrice: string };
      expect(Number(offers.lowPrice)).toBe(p.price_from);
      expect(Number(offers.highPrice)).toBe(p.price_max);
      expect(metaContent(headOf(html), 'property', 'og:type')).toBe('product');
      if (p.total_reviews >= 10) {
        expect(product.aggregateRating).toEqual({
          '@type': 'AggregateRating',
          ratingValue: p.value,
          reviewCount: p.total_reviews,
          bestRating: 5,
          worstRating: 0,
        });
      } else {
        expect(product, `product ${p.id} with ${p.total_reviews} reviews`).not.toHaveProperty(
          'aggregateRating',
        );
      }
      const crumbs = (ofType(all, 'BreadcrumbList').itemListElement as { name: string }[]).map((c) => c.name);
      expectBreadcrumbs(all, crumbs, url);
      expect(crumbs[0]).toBe('Home');
      expect(crumbs.at(-1)).toBe(modelName(p));
      expect(crumbs).toContain(p.brand);
      // Home › category › brand › product, the names as the product API gives them.
      expect(p.category_name, `category name of product ${p.id}`).toMatch(/\S/);
      expectBreadcrumbs(all, ['Home', p.category_name, p.brand, modelName(p)], url);
      const crumbUrls = (ofType(all, 'BreadcrumbList').itemListElement as { item: string }[]).map(
        (c) => c.item,
      );
      expect(crumbUrls[1]).toBe(
        `${baseURL()}/browse${p.category_id === 'C001' ? '' : `?category=${p.category_id}`}`,
      );
    }
  });

  it('a review page has Review JSON-LD: the product reviewed, the author and the rating', async () => {
    const { items } = await api<{
      items: {
        id: number;
        overall: number;
        summary: string;
        author: { firstName: string; lastName: string };
      }[];
    }>(`/product/${rated.id}/reviews?page=0&size=1`);
    expect(items).toHaveLength(1);
    const r = items[0]!;
    const path = `/product/${rated.id}/review/${r.id}`;
    const { status, html } = await fetchPage(path);
    expect(status).toBe(200);
    const all = jsonLd(html);
    expect(ofType(all, 'Review')).toMatchObject({
      url: baseURL() + path,
      name: r.summary,
      author: { '@type': 'Person', name: `${r.author.firstName} ${r.author.lastName}` },
      reviewRating: { '@type': 'Rating', ratingValue: r.overall, bestRating: 5 },
      itemReviewed: {
        '@type': 'Product',
        name: productName(rated),
        url: `${baseURL()}/product/${rated.id}`,
        brand: { '@type': 'Brand', name: rated.brand },
      },
    });
    expectBreadcrumbs(
      all,
      (ofType(all, 'BreadcrumbList').itemListElement as { name: string }[]).map((c) => c.name),
      baseURL() + path,
    );
    // Home › the product › the review, the names as the API gives them; the product's crumb leads to it.
    expectBreadcrumbs(all, ['Home', productName(rated), r.summary], baseURL() + path);
    const crumbUrls = (ofType(all, 'BreadcrumbList').itemListElement as { item: string }[]).map(
      (c) => c.item,
    );
    expect(crumbUrls[1]).toBe(`${baseURL()}/product/${rated.id}`);
  });

  it('an article has Article JSON-LD (headline, image, date, author, publisher) and breadcrumbs, and a help page its breadcrumbs', async () => {
    const { articles } = await api<{
      articles: {
        title: string;
        navTitle: string;
        author: string;
        publishDate: string;
        bannerPng: string;
        href: string;
      }[];
    }>('/articles');
    expect(articles).toHaveLength(2);
    for (const a of articles) {
      const { status, html } = await fetchPage(a.href);
      expect(status).toBe(200);
      const all = jsonLd(html);
      const article = ofType(all, 'Article');
      expect(article).toMatchObject({
        headline: a.title,
        image: [baseURL() + a.bannerPng],
        datePublished: a.publishDate,
        author: { name: a.author },
        publisher: { '@type': 'Organization', name: 'Verdict' },
        mainEntityOfPage: baseURL() + a.href,
      });
      expect(typeof (article.publisher as { logo: unknown }).logo).toBe('string');
      expectBreadcrumbs(all, ['Home', 'Articles', a.navTitle], baseURL() + a.href);
      const h = headOf(html);
      expect(metaContent(h, 'property', 'og:type')).toBe('article');
      expect(metaContent(h, 'property', 'og:image')).toBe(baseURL() + a.bannerPng);
      // The preview image is a real PNG (link previews do not take SVG).
      const image = await fetch(baseURL() + a.bannerPng);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
    }

    const { html } = await fetchPage('/help-center/comparison-tool');
    expectBreadcrumbs(
      jsonLd(html),
      ['Home', 'Help center', 'Comparison tool'],
      `${baseURL()}/help-center/comparison-tool`,
    );
  });

  it("a product answers at its readable address, its canonical one; the spec's /product/{id} serves the same page; a wrong slug moves", async () => {
    const p = rated;
    const readable = productPath(p.canonical_id, p);
    expect(readable).toMatch(/^\/product\/\d+\/[a-z0-9]+(-[a-z0-9]+)+$/);
    const canonical = `${baseURL()}${readable}`;
    const plain = await fetchPage(`/product/${p.canonical_id}`);
    const pretty = await fetchPage(readable);
    for (const page of [plain, pretty]) {
      expect(page.status).toBe(200);
      const h = headOf(page.html);
      expect(h.canonicals).toEqual([canonical]);
      expect(metaContent(h, 'property', 'og:url')).toBe(canonical);
      expect(h.title).toBe(`${modelName(p)}: price, specs and reviews · Verdict`);
    }
    // A slug that is not the model's (an old name, a typo, another phone's): 301 to the right one, the id (the
    // variant) and the query kept.
    for (const wrong of ['old-name', productSlug({ brand: 'Other', model: 'Phone' })]) {
      const res = await fetch(`${baseURL()}/product/${p.id}/${wrong}?sort=newest`, { redirect: 'manual' });
      expect(res.status, wrong).toBe(301);
      expect(new URL(res.headers.get('location')!, baseURL()).href).toBe(
        `${baseURL()}/product/${p.id}/${productSlug(p)}?sort=newest`,
      );
    }
    // An unknown id stays a 404 at either address.
    expect((await fetchPage('/product/999999999/some-phone')).status).toBe(404);
  });

  it('robots.txt names the sitemap; the sitemap index leads to products, reviews and pages whose URLs answer 200', async () => {
    const robots = await fetch(`${baseURL()}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const robotsText = await robots.text();
    const sitemapLine = robotsText.split('\n').find((l) => l.startsWith('Sitemap:'));
    expect(sitemapLine).toBe(`Sitemap: ${baseURL()}/sitemap.xml`);
    expect(robotsText).toContain('Disallow: /platform/api/');

    const index = await fetch(`${baseURL()}/sitemap.xml`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/xml/);
    const indexXml = await index.text();
    expect(indexXml).toMatch(/<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    const files = locs(indexXml).map(pathOf);
    expect(files).toEqual(expect.arrayContaining(['/sitemaps/pages.xml', '/sitemaps/products-1.xml']));
    expect(files.some((f) => /^\/sitemaps\/reviews-\d+\.xml$/.test(f))).toBe(true);

    // Products: a sample of 20 spread across the file.
    const productsXml = await (await fetch(`${baseURL()}/sitemaps/products-1.xml`)).text();
    expect(productsXml).toMatch(/<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    const products = locs(productsXml);
    expect(products.length).toBeGreaterThan(1000);
    expect(products.length).toBeLessThanOrEqual(50_000);
    for (const url of products) expect(pathOf(url)).toMatch(/^\/product\/\d+\/[a-z0-9]+(-[a-z0-9]+)*$/);
    // Each dated by its page's last change.
    const entries = Array.from(productsXml.matchAll(/<url>(.*?)<\/url>/g), (m) => m[1]!);
    expect(entries).toHaveLength(products.length);
    for (const e of entries) expect(e, e).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>$/);
    expect(products).toContain(`${baseURL()}${productPath(rated.canonical_id, rated)}`);
    expect(await notOk(spread(products, 20))).toEqual([]);

    // Reviews: a few, spread too.
    const reviewsFile = files.find((f) => f.startsWith('/sitemaps/reviews-'))!;
    const reviews = locs(await (await fetch(baseURL() + reviewsFile)).text());
    // Enough of them for the sample below to be five different reviews.
    expect(reviews.length).toBeGreaterThanOrEqual(5);
    for (const url of reviews) expect(pathOf(url)).toMatch(/^\/product\/\d+\/review\/\d+$/);
    expect(await notOk(spread(reviews, 5))).toEqual([]);

    // Pages: the 14 help pages, both articles and the legal pages, every one answering 200.
    const pages = locs(await (await fetch(`${baseURL()}/sitemaps/pages.xml`)).text());
    const helpCenter = (await fetchPage('/help-center')).html;
    const helpPaths = [
      ...new Set(Array.from(helpCenter.matchAll(/href="(\/help-center\/[a-z0-9-]+)"/g), (m) => m[1]!)),
    ];
    expect(helpPaths).toHaveLength(14);
    const { articles } = await api<{ articles: { href: string }[] }>('/articles');
    const expected = [
      ...helpPaths,
      ...articles.map((a) => a.href),
      '/',
      '/about',
      '/articles',
      '/help-center',
      '/privacy-policy',
      '/terms-of-service',
      '/corporate',
      '/community-guidelines',
    ];
    expect(pages.map(pathOf)).toEqual(expect.arrayContaining(expected));
    expect(pages.filter((u) => pathOf(u).startsWith('/help-center/'))).toHaveLength(14);
    expect(await notOk(pages)).toEqual([]);
    // Brand pages (issue 24): one per brand and category, each answering 200.
    const brands = locs(await (await fetch(`${baseURL()}/sitemaps/brands.xml`)).text());
    expect(brands.map(pathOf)).toContain('/brand/samsung');
    expect(await notOk(spread(brands, 10))).toEqual([]);
    // A file past the last is not found.
    expect((await fetch(`${baseURL()}/sitemaps/products-999.xml`)).status).toBe(404);

    // The Hindi pages (issue 25): every file again under /sitemaps/hi/, its URLs under /hi, answering 200.
    expect(files.filter((f) => f.startsWith('/sitemaps/hi/'))).toEqual(
      files
        .filter((f) => !f.startsWith('/sitemaps/hi/'))
        .map((f) => f.replace('/sitemaps/', '/sitemaps/hi/')),
    );
    const hindiPages = locs(await (await fetch(`${baseURL()}/sitemaps/hi/pages.xml`)).text());
    expect(hindiPages.map(pathOf)).toEqual(
      pages.map((u) => pathOf(u).replace(/^\/$/, '').replace(/^/, '/hi')),
    );
    expect(await notOk(hindiPages)).toEqual([]);
    const hindiProducts = locs(await (await fetch(`${baseURL()}/sitemaps/hi/products-1.xml`)).text());
    expect(hindiProducts).toHaveLength(products.length);
    for (const url of spread(hindiProducts, 5)) {
      expect((await fetchPage(pathOf(url))).html, url).toContain('<html lang="hi"');
    }
  });
});
