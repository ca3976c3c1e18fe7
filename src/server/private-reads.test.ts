import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.ts';
import { member } from '../test/community.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('private reads', () => {
  it('are never stored by a browser or a shared cache', async () => {
    const me = await member(t);
    const paths = [
      '/user/api/v1/user',
      '/user/api/v1/user/standing', // with the moderators' notices
      '/user/api/v1/user/preference',
      '/user/api/v1/user/reports',
      '/user/api/v1/user/reviews',
      '/user/api/v1/user/products-upvoted',
      '/user/api/v1/user/product-recommendation',
      '/user/api/v1/get-transactions',
      '/user/api/v1/subscription-validity',
    ];
    for (const url of paths) {
      const res = await t.app.inject({ url, headers: me.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/\bno-store\b/);
    }
  });

  it('include any read made with a token, and refusals too', async () => {
    const me = await member(t);
    // A public read, personalised by the token (my_reaction, mine).
    const reviews = await t.app.inject({ url: '/platform/api/v1/product/1/reviews', headers: me.headers });
    expect(reviews.statusCode).toBe(200);
    expect(reviews.headers['cache-control']).toMatch(/\bno-store\b/);
    const refused = await t.app.inject('/user/api/v1/user');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toMatch(/\bno-store\b/);
  });

  it('leave public reads and a route’s own choice alone', async () => {
    const home = await t.app.inject('/platform/api/v1/home-page/category/C001');
    expect(home.headers['cache-control']).toBeUndefined();
    const me = await member(t);
    const image = await t.app.inject({ url: '/images/products/1.svg', headers: me.headers });
    expect(image.headers['cache-control']).toMatch(/^public/);
  });
});
