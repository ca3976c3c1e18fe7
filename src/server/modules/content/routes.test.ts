import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES, COMMUNITY_SUCCESS } from '../../../shared/community.ts';
import type { ArticleComment, ArticleSummary } from '../../../shared/content-api.ts';
import { ERRORS } from '../../../shared/messages.ts';
import { createTestApp, query, requests, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { type Member, member } from '../../../test/community.ts';

let t: TestContext;
const clock = new TestClock(Date.parse('2024-11-05T10:00:00Z'));
const api = '/platform/api/v1';

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
});
afterAll(() => t.close());

const { get, post, del } = requests(() => t, api);

async function comment(articleId: number, who: Member, text = 'Useful, thanks.'): Promise<ArticleComment> {
  const res = await post(`/articles/${articleId}/add-comment`, { text }, who.headers);
  expect(res.statusCode, res.body).toBe(201);
  clock.advance(1000);
  return res.json().comment;
}

interface Counters {
  likes: number;
  dislikes: number;
  comments: number;
  like_rows: number;
  dislike_rows: number;
  comment_rows: number;
}
/** The article's stored counters and the rows they count. */
async function counters(articleId: number): Promise<Counters> {
  const [row] = await query<Counters>(
    t.database,
    `SELECT a.likes, a.dislikes, a.comments,
       (SELECT count(*)::int FROM article_reactions WHERE article_id = a.id AND value = 1) AS like_rows,
       (SELECT count(*)::int FROM article_reactions WHERE article_id = a.id AND value = -1) AS dislike_rows,
       (SELECT count(*)::int FROM article_comments WHERE article_id = a.id) AS comment_rows
     FROM articles a WHERE a.id = ${articleId}`,
  );
  return row!;
}
async function expectCountersRight(articleId: number): Promise<Counters> {
  const c = await counters(articleId);
  expect({ likes: c.likes, dislikes: c.dislikes, comments: c.comments }, `article ${articleId}`).toEqual({
    likes: c.like_rows,
    dislikes: c.dislike_rows,
    comments: c.comment_rows,
  });
  return c;
}

describe('articles', () => {
  it('has a row per bundled article, synced at start-up', async () => {
    const found = await query<{ id: number; slug: string; title: string; day: string }>(
      t.database,
      `SELECT id, slug, title, to_char(published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM articles ORDER BY id`,
    );
    expect(found).toEqual([
      {
        id: 1,
        slug: 'choosing-a-phone-on-a-budget',
        title: 'How to choose a phone for your budget in India',
        day: '2024-10-15',
      },
      {
        id: 2,
        slug: 'battery-and-charging-explained',
        title: 'Battery and charging figures explained: mAh, watts and what they mean for you',
        day: '2024-10-28',
      },
    ]);
  });

  it('lists the articles newest first', async () => {
    const res = await get('/articles');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.articles.map((a: ArticleSummary) => a.id)).toEqual([2, 1]);
    expect(body.articles[1]).toEqual({
      id: 1,
      slug: 'choosing-a-phone-on-a-budget',
      title: 'How to choose a phone for your budget in India',
      navTitle: 'Choosing on a budget',
      author: 'Verdict Editorial Team',
      banner: '/images/articles/choosing-a-phone-on-a-budget.svg',
      bannerPng: '/images/articles/choosing-a-phone-on-a-budget.png',
      bannerAlt: t.services.content.articles.find((a) => a.id === 1)!.bannerAlt,
      summary: t.services.content.articles.find((a) => a.id === 1)!.summary,
      publishDate: '2024-10-15',
      readTime: t.services.content.articles.find((a) => a.id === 1)!.readTime,
      href: '/articles/choosing-a-phone-on-a-budget-1',
    });
    expect(body.articles[0].href).toBe('/articles/battery-and-charging-explained-2');
    // Summaries only: the list carries no article bodies.
    expect(body.articles[0]).not.toHaveProperty('content');
  });

  it('gets one article with its HTML and counters; 404 for an unknown id, 400 for a bad one', async () => {
    const res = await get('/get-article/2');
    expect(res.statusCode).toBe(200);
    const { article } = res.json();
    expect(article).toMatchObject({
      id: 2,
      slug: 'battery-and-charging-explained',
      href: '/articles/battery-and-charging-explained-2',
      likes: 0,
      dislikes: 0,
      comments: 0,
      my_reaction: null,
    });
    expect(article.content).toBe(t.services.content.articles.find((a) => a.id === 2)!.html);
    expect(article.content).toContain('<h2 id="mah-wh-and-what-capacity-really-measures">');

    const missing = await get('/get-article/999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      success: false,
      code: 'ARTICLE_NOT_FOUND',
      message: ERRORS.ARTICLE_NOT_FOUND.message,
    });
    for (const id of ['abc', '0', '-1', '1.5', '2147483648']) {
      const bad = await get(`/get-article/${id}`);
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json().code, id).toBe('VALIDATION');
    }
  });
});

describe('article comments', () => {
  it('pages comments oldest first, 6 a page, and counts them on the article', async () => {
    expect((await counters(1)).comments).toBe(0);
    const people = await Promise.all([1, 2, 3].map(() => member(t)));
    const posted: ArticleComment[] = [];
    for (let i = 0; i < 7; i++) posted.push(await comment(1, people[i % 3]!, `Comment number ${i}`));
    expect(posted[0]).toMatchObject({
      article_id: 1,
      author: {
        username: people[0]!.username,
        firstName: 'Test',
        lastName: 'Member',
        image: null,
        demo: false,
      },
      text: 'Comment number 0',
      likes: 0,
      dislikes: 0,
      my_reaction: null,
      mine: true,
    });

    const first = await get('/articles/1/comments');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, page: 0, size: 6, total: 7 });
    expect(first.json().items.map((c: ArticleComment) => c.id)).toEqual(posted.slice(0, 6).map((c) => c.id));
    expect(first.json().items.map((c: ArticleComment) => c.text)).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `Comment number ${i}`),
    );
    expect(first.json().items.every((c: ArticleComment) => !c.mine)).toBe(true);
    const second = (await get('/articles/1/comments?page=1')).json();
    expect(second).toMatchObject({ page: 1, size: 6, total: 7 });
    expect(second.items.map((c: ArticleComment) => c.id)).toEqual([posted[6]!.id]);
    expect((await get('/articles/1/comments?page=2')).json()).toMatchObject({ total: 7, items: [] });
    const small = (await get('/articles/1/comments?page=1&size=3', people[1]!.headers)).json();
    expect(small.items.map((c: ArticleComment) => c.id)).toEqual(posted.slice(3, 6).map((c) => c.id));
    expect(small.items.map((c: ArticleComment) => c.mine)).toEqual([false, true, false]);

    expect(await expectCountersRight(1)).toMatchObject({ comments: 7 });
    expect((await get('/get-article/1')).json().article.comments).toBe(7);
    // The other article is untouched.
    expect((await counters(2)).comments).toBe(0);

    const missing = await get('/articles/999/comments');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('ARTICLE_NOT_FOUND');
    for (const q of ['page=-1', 'size=0', 'size=51', 'page=x']) {
      expect((await get(`/articles/1/comments?${q}`)).statusCode, q).toBe(400);
    }
    expect((await get('/articles/abc/comments')).statusCode).toBe(400);
  });

  it('posts a trimmed comment (201) and validates its text', async () => {
    const me = await member(t);
    const before = (await counters(2)).comments;
    const res = await post('/articles/2/add-comment', { text: '  Clear and helpful.  ' }, me.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: COMMUNITY_SUCCESS.commentPosted,
      comment: {
        id: expect.any(Number),
        article_id: 2,
        author: { username: me.username, firstName: 'Test', lastName: 'Member', image: null, demo: false },
        text: 'Clear and helpful.',
        created_at: clock.now().toISOString(),
        likes: 0,
        dislikes: 0,
        my_reaction: null,
        mine: true,
      },
    });
    for (const text of ['', '   ', 'x'.repeat(1001)]) {
      const bad = await post('/articles/2/add-comment', { text }, me.headers);
      expect(bad.statusCode, JSON.stringify(text)).toBe(400);
      expect(bad.json()).toMatchObject({
        code: 'VALIDATION',
        message: COMMUNITY_MESSAGES.comment,
        field: 'text',
      });
    }
    expect((await post('/articles/2/add-comment', {}, me.headers)).json().message).toBe(
      COMMUNITY_MESSAGES.comment,
    );
    const nul = await post('/articles/2/add-comment', { text: 'a\u0000b' }, me.headers);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'VALIDATION', field: 'text' });
    const missing = await post('/articles/999/add-comment', { text: 'Hello there' }, me.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'ARTICLE_NOT_FOUND',
      message: ERRORS.ARTICLE_NOT_FOUND.message,
    });
    expect((await expectCountersRight(2)).comments).toBe(before + 1);
  });

  it('needs a signed-in, verified user to post', async () => {
    const before = (await counters(2)).comments;
    const anonymous = await post('/articles/2/add-comment', { text: 'Hello' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    const badToken = await post(
      '/articles/2/add-comment',
      { text: 'Hello' },
      { authorization: 'Bearer nope' },
    );
    expect(badToken.statusCode).toBe(401);
    const unverified = await member(t, { verified: false });
    const res = await post('/articles/2/add-comment', { text: 'Hello' }, unverified.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: ERRORS.EMAIL_NOT_VERIFIED.message,
    });
    expect((await expectCountersRight(2)).comments).toBe(before);
  });

  it('lets only its author delete a comment, and the counter follows', async () => {
    const writer = await member(t);
    const other = await member(t);
    const c = await comment(2, writer, 'Delete me later');
    const before = (await counters(2)).comments;

    const anonymous = await del(`/articles/comment/${c.id}`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    const notMine = await del(`/articles/comment/${c.id}`, other.headers);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json()).toEqual({ success: false, code: 'NOT_OWNER', message: ERRORS.NOT_OWNER.message });
    expect((await counters(2)).comments).toBe(before);

    const ok = await del(`/articles/comment/${c.id}`, writer.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: COMMUNITY_SUCCESS.commentDeleted });
    expect((await expectCountersRight(2)).comments).toBe(before - 1);
    const [left] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM article_comments WHERE id = ${c.id}`,
    );
    expect(left!.n).toBe(0);

    const again = await del(`/articles/comment/${c.id}`, writer.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('COMMENT_NOT_FOUND');
    expect((await del('/articles/comment/abc', writer.headers)).statusCode).toBe(400);
    expect((await counters(2)).comments).toBe(before - 1);
  });

  it('likes and dislikes a comment: toggles, switches, never one’s own', async () => {
    const writer = await member(t);
    const reader = await member(t);
    const c = await comment(2, writer, 'React to me');
    const react = (reaction: string, who = reader) =>
      post(`/articles/comment/${c.id}/react/${reaction}`, {}, who.headers);
    expect((await react('like')).json()).toEqual({
      success: true,
      counts: { likes: 1, dislikes: 0 },
      my_reaction: 'like',
    });
    const seen = (await get('/articles/2/comments?size=50', reader.headers)).json();
    expect(seen.items.find((x: ArticleComment) => x.id === c.id)).toMatchObject({
      likes: 1,
      dislikes: 0,
      my_reaction: 'like',
      mine: false,
    });
    const byWriter = (await get('/articles/2/comments?size=50', writer.headers)).json();
    expect(byWriter.items.find((x: ArticleComment) => x.id === c.id)).toMatchObject({
      my_reaction: null,
      mine: true,
    });
    expect((await react('dislike')).json()).toEqual({
      success: true,
      counts: { likes: 0, dislikes: 1 },
      my_reaction: 'dislike',
    });
    expect((await react('dislike')).json()).toEqual({
      success: true,
      counts: { likes: 0, dislikes: 0 },
      my_reaction: null,
    });
    const own = await react('like', writer);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      code: 'OWN_CONTENT_REACTION',
      message: ERRORS.OWN_CONTENT_REACTION.message,
    });
    expect((await react('love')).statusCode).toBe(400);
    expect((await post(`/articles/comment/${c.id}/react/like`, {})).statusCode).toBe(401);
    const unverified = await member(t, { verified: false });
    expect((await react('like', unverified)).statusCode).toBe(403);
    const missing = await post('/articles/comment/999999999/react/like', {}, reader.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('COMMENT_NOT_FOUND');
    const [rowsLeft] = await query<{ likes: number; dislikes: number; n: number }>(
      t.database,
      `SELECT likes, dislikes, (SELECT count(*)::int FROM article_comment_reactions WHERE comment_id = c.id) AS n
       FROM article_comments c WHERE id = ${c.id}`,
    );
    expect(rowsLeft).toEqual({ likes: 0, dislikes: 0, n: 0 });
  });
});

describe('article reactions', () => {
  it('toggles and switches, with counts and the viewer’s reaction on get-article', async () => {
    const reader = await member(t);
    const other = await member(t);
    const react = (reaction: string, who = reader) => post(`/articles/1/react/${reaction}`, {}, who.headers);
    const start = await counters(1);

    expect((await react('like')).json()).toEqual({
      success: true,
      counts: { likes: start.likes + 1, dislikes: start.dislikes },
      my_reaction: 'like',
    });
    expect((await get('/get-article/1', reader.headers)).json().article).toMatchObject({
      likes: start.likes + 1,
      my_reaction: 'like',
    });
    // Someone else, or nobody, sees the count but not this reaction.
    expect((await get('/get-article/1', other.headers)).json().article.my_reaction).toBeNull();
    expect((await get('/get-article/1')).json().article).toMatchObject({
      likes: start.likes + 1,
      my_reaction: null,
    });

    expect((await react('dislike')).json()).toEqual({
      success: true,
      counts: { likes: start.likes, dislikes: start.dislikes + 1 },
      my_reaction: 'dislike',
    });
    expect((await get('/get-article/1', reader.headers)).json().article).toMatchObject({
      likes: start.likes,
      dislikes: start.dislikes + 1,
      my_reaction: 'dislike',
    });
    expect((await react('like', other)).json().counts).toEqual({
      likes: start.likes + 1,
      dislikes: start.dislikes + 1,
    });
    expect((await react('dislike')).json()).toEqual({
      success: true,
      counts: { likes: start.likes + 1, dislikes: start.dislikes },
      my_reaction: null,
    });
    expect((await get('/get-article/1', reader.headers)).json().article.my_reaction).toBeNull();
    await expectCountersRight(1);
    const stored = await query<{ user_id: number; value: number }>(
      t.database,
      `SELECT user_id, value FROM article_reactions WHERE article_id = 1 AND user_id IN (${reader.id}, ${other.id})`,
    );
    expect(stored).toEqual([{ user_id: other.id, value: 1 }]);
  });

  it('refuses bad reactions, anonymous and unverified users, unknown articles', async () => {
    const reader = await member(t);
    const start = await counters(2);
    const bad = await post('/articles/2/react/love', {}, reader.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('must be one of like, dislike');
    expect((await post('/articles/2/react/like', {})).statusCode).toBe(401);
    const unverified = await member(t, { verified: false });
    const res = await post('/articles/2/react/like', {}, unverified.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('EMAIL_NOT_VERIFIED');
    const missing = await post('/articles/999/react/like', {}, reader.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('ARTICLE_NOT_FOUND');
    expect((await post('/articles/0/react/like', {}, reader.headers)).statusCode).toBe(400);
    expect(await counters(2)).toEqual(start);
  });

  it('takes no comments or reactions on an article that left the bundle, though its row stays', async () => {
    const reader = await member(t);
    await query(
      t.database,
      `INSERT INTO articles (id, slug, title, published_at) VALUES (77, 'gone', 'Gone', now())`,
    );
    for (const res of [
      await post('/articles/77/react/like', {}, reader.headers),
      await post('/articles/77/add-comment', { text: 'Still here?' }, reader.headers),
      await t.app.inject({ method: 'GET', url: '/platform/api/v1/articles/77/comments' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ARTICLE_NOT_FOUND');
    }
    expect(await query(t.database, 'SELECT likes, comments FROM articles WHERE id = 77')).toEqual([
      { likes: 0, comments: 0 },
    ]);
  });

  it('keeps counts equal to rows under 20 concurrent reactions', async () => {
    const crowd = await Promise.all(Array.from({ length: 20 }, () => member(t)));
    const start = await counters(2);
    const results = await Promise.all(
      crowd.map((who, i) => post(`/articles/2/react/${i % 4 === 0 ? 'dislike' : 'like'}`, {}, who.headers)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const after = await expectCountersRight(2);
    expect(after.likes).toBe(start.likes + 15);
    expect(after.dislikes).toBe(start.dislikes + 5);
    // Half of them change their minds at once: likes switch to dislikes, dislikes are taken back.
    const again = await Promise.all(
      crowd.map((who, i) => (i % 2 ? post(`/articles/2/react/dislike`, {}, who.headers) : null)),
    );
    expect(again.filter(Boolean).every((r) => r!.statusCode === 200)).toBe(true);
    const last = await expectCountersRight(2);
    // Odd i: none of them is a multiple of 4, so all 10 were likes and are now dislikes.
    expect(last.likes).toBe(start.likes + 5);
    expect(last.dislikes).toBe(start.dislikes + 15);
  });
});

describe('article banners', () => {
  it('serves the SVG as drawn, and a PNG of it', async () => {
    const svg = await t.app.inject({ url: '/images/articles/choosing-a-phone-on-a-budget.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['cache-control']).toContain('max-age=86400');
    expect(svg.body).toBe(t.services.content.banners.get('choosing-a-phone-on-a-budget.svg'));

    const png = await t.app.inject({ url: '/images/articles/battery-and-charging-explained.png' });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const bytes = png.rawPayload;
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // IHDR: width and height, the banner's 1200 × 630.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
    // The second request is served from the cache, byte for byte: not drawn again, so not even a drawing
    // changed in between (which the SVG route serves at once) changes the PNG.
    const banners = t.services.content.banners;
    const drawn = banners.get('battery-and-charging-explained.svg')!;
    const small =
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="21"><rect width="40" height="21"/></svg>';
    banners.set('battery-and-charging-explained.svg', small);
    try {
      const changed = await t.app.inject({ url: '/images/articles/battery-and-charging-explained.svg' });
      expect(changed.body).toBe(small);
      const again = await t.app.inject({ url: '/images/articles/battery-and-charging-explained.png' });
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(bytes)).toBe(true);
    } finally {
      banners.set('battery-and-charging-explained.svg', drawn);
    }
  });

  it('answers 404 for unknown banners and refuses other names', async () => {
    for (const file of ['nope.svg', 'nope.png']) {
      const res = await t.app.inject({ url: `/images/articles/${file}` });
      expect(res.statusCode, file).toBe(404);
      expect(res.json().code, file).toBe('NOT_FOUND');
    }
    for (const file of ['choosing-a-phone-on-a-budget.gif', '..%2F..%2Fpackage.json', 'Choosing.svg']) {
      const res = await t.app.inject({ url: `/images/articles/${file}` });
      expect([400, 404], file).toContain(res.statusCode);
      expect(res.headers['content-type'], file).toMatch(/^application\/json/);
    }
  });
});
