/**
 * The pages name their pictures (issue 24): the head React Router renders for product, review, profile,
 * compare, home and landing pages (their loaders on this app's services, then their `meta`) has og:image at
 * the page's preview, its size and alt text, and twitter:card summary_large_image; and that og:image answers
 * with a picture.
 */
import type { MetaDescriptor } from 'react-router';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { member } from '../../../test/community.ts';
import { named, pageHead, type PageModule, property } from '../../../test/page-head.ts';
import * as comparePage from '../../../web/routes/compare.tsx';
import * as homePage from '../../../web/routes/home.tsx';
import * as landingPage from '../../../web/routes/landing.tsx';
import * as productPage from '../../../web/routes/product.tsx';
import * as profilePage from '../../../web/routes/profile.tsx';
import * as reviewPage from '../../../web/routes/review.tsx';
import {
  comparePreview,
  productPreview,
  profilePreview,
  reviewPreview,
  SITE_PREVIEW,
} from '../../../shared/preview-path.ts';

const ORIGIN = 'https://verdict.example';
let t: TestContext;
const headOf = (page: PageModule, path: string, params: Record<string, string> = {}) =>
  pageHead(t, page, path, params);

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: ORIGIN });
});
afterAll(() => t.close());

/** The head names `preview` as its one og:image, with its size and alt, as a large card; and it is a picture. */
async function expectPreview(head: MetaDescriptor[], preview: string) {
  expect(property(head, 'og:image')).toEqual([ORIGIN + preview]);
  expect(property(head, 'og:image:width')).toEqual(['1200']);
  expect(property(head, 'og:image:height')).toEqual(['630']);
  expect(property(head, 'og:image:alt')).toEqual(property(head, 'og:title'));
  expect(named(head, 'twitter:card')).toEqual(['summary_large_image']);
  const res = await t.app.inject({ url: preview });
  expect(res.statusCode, preview).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  const meta = await sharp(res.rawPayload).metadata();
  expect([meta.width, meta.height]).toEqual([1200, 630]);
}

describe('og:image of the pages', () => {
  it('product: the model’s preview, whichever variant’s address', async () => {
    const [p] = await query<{ id: number; variant: number }>(
      t.database,
      `SELECT p.id, max(v.id) AS variant FROM products p JOIN product_variants v ON v.product_id = p.id
       WHERE NOT p.hidden AND p.category_id = 'C001' GROUP BY p.id HAVING count(*) > 1 ORDER BY p.id LIMIT 1`,
    );
    const canonical = (await t.services.catalogue.getProduct(p!.id)).canonical_id;
    for (const id of [p!.id, p!.variant]) {
      await expectPreview(
        await headOf(productPage, `/product/${id}`, { id: String(id) }),
        productPreview(canonical),
      );
    }
  });

  it('review: the review’s preview', async () => {
    const [r] = await query<{ id: number; product_id: number }>(
      t.database,
      `SELECT r.id, r.product_id FROM reviews r JOIN products p ON p.id = r.product_id
       WHERE r.hidden_at IS NULL AND NOT p.hidden ORDER BY r.id LIMIT 1`,
    );
    const params = { id: String(r!.product_id), rid: String(r!.id) };
    const head = await headOf(reviewPage, `/product/${r!.product_id}/review/${r!.id}`, params);
    await expectPreview(head, reviewPreview(r!.id));
  });

  it('profile: the member’s preview', async () => {
    const who = await member(t);
    const head = await headOf(profilePage, `/profile/${who.username}`, { username: who.username });
    await expectPreview(head, profilePreview(who.username));
  });

  it('compare: two or three phones’ preview, the site’s otherwise', async () => {
    const ids = (
      await query<{ id: number }>(
        t.database,
        `SELECT id FROM products WHERE NOT hidden AND category_id = 'C001' AND variant_count = 1 ORDER BY id LIMIT 3`,
      )
    ).map((r) => r.id);
    const compare = (list: number[]) => headOf(comparePage, `/compare?ids=${list.join(',')}`);
    await expectPreview(await compare([ids[1]!, ids[0]!]), comparePreview(ids.slice(0, 2)));
    await expectPreview(await compare([ids[2]!, ids[0]!, ids[1]!]), comparePreview(ids));
    await expectPreview(await compare([ids[0]!]), SITE_PREVIEW);
    await expectPreview(await headOf(comparePage, '/compare'), SITE_PREVIEW);
  });

  it('home, landing and about: the site’s picture', async () => {
    await expectPreview(await headOf(homePage, '/home'), SITE_PREVIEW);
    await expectPreview(await headOf(landingPage, '/'), SITE_PREVIEW);
    await expectPreview(await headOf(landingPage, '/about'), SITE_PREVIEW);
  });
});
