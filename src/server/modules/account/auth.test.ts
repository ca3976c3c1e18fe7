import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../shared/messages.ts';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { member } from '../../../test/community.ts';
import { signedIn } from './auth.ts';

let t: TestContext;
beforeAll(async () => {
  // Some thousand requests from one address: above the global per-address limit.
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, (app) => {
    // A route that reads the signed-in user but forgot to declare `config.auth`.
    app.post('/__test/forgot-auth', async (req) => signedIn(req).username);
  });
});
afterAll(() => t.close());

type Operation = { security?: unknown; requestBody?: unknown };

/** Every route of the OpenAPI document (the route table, as registered) that declares a Bearer token. */
async function protectedRoutes(): Promise<{ method: string; path: string }[]> {
  const doc = (await t.app.inject('/api-docs')).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, op]) => op.security)
      .map(([method]) => ({ method: method.toUpperCase(), path })),
  );
}

/** A value each path parameter accepts, so only the token can be what is wrong. */
const PARAMS: Record<string, string> = {
  id: '1',
  photoId: '1',
  productId: '1',
  reaction: 'like',
  sessionId: 'abcdefghijklmnop',
  thread: 'review',
};

const PNG = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0ffee' } })
  .png()
  .toBuffer();
const BOUNDARY = 'verdict-auth-test';
const upload = (field: string) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
/** A bulk import file (checked only: dry_run=true). */
const IMPORT_CSV = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n` +
    `category,brand,model\r\nC001,Authtest,Importphone\r\n--${BOUNDARY}--\r\n`,
);

const report = { reason_id: 7, comments: 'Not about the phone at all.' };
/**
 * A request each route accepts from a signed-in user: its query and body (JSON unless a Buffer with its
 * content type). A route that takes a body or a query needs an entry, so new routes are covered too.
 */
const VALID: Record<string, { query?: string; body?: object | Buffer; type?: string }> = {
  // A member made by the test factory has no password: a fresh session is what deletion asks of it.
  'DELETE /user/api/v1/user/delete': {},
  'PUT /catalogue/api/v1/variants/{id}/price': {
    body: { price: 19_999, source: 'Amazon.in', observed_at: '2025-11-01' },
  },
  'GET /catalogue/api/v1/search': { query: 'q=galaxy' },
  'POST /catalogue/api/v1/models': {
    body: {
      category: 'C001',
      brand: 'Authtest',
      model: 'Authphone One',
      variants: [{ variant: '8GB RAM + 128GB', ram_gb: 8, storage_gb: 128 }],
    },
  },
  'PATCH /catalogue/api/v1/models/{id}': { body: { status: 'available' } },
  'POST /catalogue/api/v1/models/{id}/variants': {
    body: { variant: '16GB RAM + 1TB', ram_gb: 16, storage_gb: 1024 },
  },
  'PATCH /catalogue/api/v1/variants/{id}': { body: { ram_gb: 8 } },
  'POST /catalogue/api/v1/models/{id}/hide': { body: { reason: 'wrong' } },
  'POST /catalogue/api/v1/models/{id}/restore': { body: {} },
  'POST /catalogue/api/v1/models/{id}/merge': { body: { into: 2 } },
  'POST /catalogue/api/v1/variants/{id}/split': { body: {} },
  'POST /catalogue/api/v1/models/{id}/photos': { body: upload('photos'), type: MULTIPART },
  'PUT /catalogue/api/v1/models/{id}/photos/order': { body: { photo_ids: [1] } },
  'POST /catalogue/api/v1/imports': { query: 'dry_run=true', body: IMPORT_CSV, type: MULTIPART },
  'POST /catalogue/api/v1/corrections/{id}/decline': { body: { reason: 'Not a real source.' } },
  'POST /catalogue/api/v1/corrections/reports/{id}/close': { body: { outcome: 'handled' } },
  'POST /moderation/api/v1/actions': {
    body: { target_type: 'review', target_id: 1, action: 'warn', reason: 'Please keep it civil.' },
  },
  'POST /platform/api/v1/articles/comment/{id}/report': { body: report },
  'POST /platform/api/v1/articles/{id}/add-comment': { body: { text: 'A helpful article, thanks.' } },
  'POST /platform/api/v1/product/question/answer/{id}/report': { body: report },
  'POST /platform/api/v1/product/question/{id}/answers': { body: { text: 'Yes, it does.' } },
  'POST /platform/api/v1/product/question/{id}/report': { body: report },
  'POST /platform/api/v1/product/review/comment/reply/{id}/react': { body: { reaction: 'like' } },
  'POST /platform/api/v1/product/review/comment/reply/{id}/report': { body: report },
  'POST /platform/api/v1/product/review/comment/{id}/react': { query: 'reaction=like' },
  'POST /platform/api/v1/product/review/comment/{id}/reply': { body: { text: 'Agreed.' } },
  'POST /platform/api/v1/product/review/comment/{id}/report': { body: report },
  'POST /platform/api/v1/product/review/report': { body: { review_id: 1, ...report } },
  'POST /platform/api/v1/product/review/{id}/comment': { body: { text: 'Useful review.' } },
  'POST /platform/api/v1/product/review/{id}/react': { body: { reaction: 'useful' } },
  'POST /platform/api/v1/product/review/{id}/updates': { body: { text: 'Six months on: still great.' } },
  'POST /platform/api/v1/product/{id}/corrections': {
    body: { field: 'attribute_13', value: 'Bluetooth 5.4', source_url: 'https://example.com/specs' },
  },
  'POST /platform/api/v1/product/{id}/questions': { body: { text: 'Does it support eSIM?' } },
  'POST /platform/api/v1/product/{id}/report': { body: { reason_id: 15 } },
  'POST /platform/api/v1/product/{id}/review': {
    body: {
      overall: 4,
      build_quality: 3.5,
      features: 4.5,
      look_and_feel: 5,
      performance: 3,
      summary: 'Great phone overall',
      description: 'I have used this phone for three months and it has been reliable.',
    },
  },
  'POST /user/api/v1/initiate-transaction': { body: { amount: 65 } },
  'POST /user/api/v1/order/validate': {
    body: { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'abc' },
  },
  'POST /user/api/v1/shop/session/{sessionId}/abandon': { body: { state: 'canceled' } },
  'POST /user/api/v1/user/email': { body: { email: 'new.address@example.com', currentPassword: 'x' } },
  'POST /user/api/v1/user/follow': { body: { username: 'someone1', follow: true } },
  'POST /user/api/v1/user/password': {
    body: { currentPassword: 'x', password: 'Verdict#2025y', confirmPassword: 'Verdict#2025y' },
  },
  'POST /user/api/v1/user/preference': {
    body: { category_id: 'C001', budget_min: 10000, budget_max: 30000, focus_area: 4, released_within: 24 },
  },
  'POST /user/api/v1/user/report': { body: { username: 'someone1', reason_id: 1 } },
  'POST /user/api/v1/notifications/read': { body: { all: true } },
  'PUT /user/api/v1/notifications/settings': { body: { comment: 'app' } },
  'PUT /user/api/v1/user/alerts/{productId}': { body: { below: 1 } },
  'POST /user/api/v1/user/appeals': { body: { notice_id: 1, text: 'Please look at it again.' } },
  'GET /moderation/api/v1/appeals': { query: 'page=0' },
  'POST /moderation/api/v1/appeals/{id}': { body: { outcome: 'uphold', reason: 'The rules were followed.' } },
  'POST /user/api/v1/user/update': {
    body: {
      firstName: 'Meera',
      lastName: 'Iyer',
      username: 'meera1auth',
      gender: 'female',
      dateOfBirth: '1994-03-18',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      pinCode: '560038',
    },
  },
  'POST /user/api/v1/user/upload-user-image': { body: upload('image'), type: MULTIPART },
  'POST /platform/api/v1/product/review/{id}/proof': { body: upload('image'), type: MULTIPART },
  'GET /moderation/api/v1/proofs': { query: 'page=0' },
  'POST /moderation/api/v1/proofs/{id}': {
    body: { outcome: 'decline', reason: 'The photo is not readable.' },
  },
};

const url = (path: string, query?: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in PARAMS)) throw new Error(`PARAMS needs a value for {${name}} (${path})`);
    return PARAMS[name]!;
  }) + (query ? `?${query}` : '');

describe('routes that need a token', () => {
  it('are found in the route table', async () => {
    const routes = await protectedRoutes();
    // The spec's examples, and enough of them that the table is really being read.
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContainEqual({ method: 'POST', path: '/user/api/v1/user/follow' });
    expect(routes).toContainEqual({ method: 'GET', path: '/moderation/api/v1/audit' });
    // Routes that read the token when there is one, but need none, are not among them.
    expect(routes).not.toContainEqual({ method: 'GET', path: '/platform/api/v1/product/{id}/reviews' });
  });

  it('answer 401 with the spec message to anyone signed out, whatever the body, before validating it', async () => {
    const routes = await protectedRoutes();
    const credentials: Record<string, Record<string, string>> = {
      none: {},
      'an unknown token': { authorization: `Bearer ${'x'.repeat(43)}` },
      'a malformed header': { authorization: 'Basic dXNlcjpwYXNz' },
    };
    for (const { method, path } of routes) {
      const key = `${method} ${path}`;
      const valid = VALID[key] ?? {};
      const bodies: Record<string, { payload?: string | Buffer; type?: string }> = {
        empty: {},
        'an empty object': { payload: '{}', type: 'application/json' },
        'malformed JSON': { payload: '{"text": ', type: 'application/json' },
        'wrong types': { payload: '[1, true, null]', type: 'application/json' },
        'a form post': { payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
        valid: valid.body
          ? Buffer.isBuffer(valid.body)
            ? { payload: valid.body, type: valid.type }
            : { payload: JSON.stringify(valid.body), type: 'application/json' }
          : {},
      };
      for (const [who, headers] of Object.entries(credentials)) {
        for (const [what, { payload, type }] of Object.entries(bodies)) {
          const res = await t.app.inject({
            method: method as 'GET',
            url: url(path, valid.query),
            headers: { ...headers, ...(type ? { 'content-type': type } : {}) },
            ...(payload !== undefined ? { payload } : {}),
          });
          const label = `${key} with ${who} and ${what} body`;
          expect(res.statusCode, label).toBe(401);
          expect(res.json(), label).toEqual({
            success: false,
            code: 'UNAUTHENTICATED',
            message: 'Your session has expired. Please sign in again.',
          });
        }
      }
    }
  });

  it('accept the valid requests above from a signed-in user (so the 401s were about the token alone)', async () => {
    const doc = (await t.app.inject('/api-docs')).json();
    for (const { method, path } of await protectedRoutes()) {
      const key = `${method} ${path}`;
      const valid = VALID[key];
      // Each route with a body or a required query parameter must say what a valid request is.
      const op = doc.paths[path][method.toLowerCase()] as Operation & {
        parameters?: { in: string; required?: boolean }[];
      };
      const needsEntry = op.requestBody || op.parameters?.some((p) => p.in === 'query' && p.required);
      if (needsEntry && !valid) expect.fail(`VALID needs a request for ${key}`);
      // A fresh admin each time: some of these end the session or delete the account.
      const admin = await member(t, { role: 'admin' });
      const res = await t.app.inject({
        method: method as 'GET',
        url: url(path, valid?.query),
        headers: {
          ...admin.headers,
          ...(valid?.body ? { 'content-type': valid.type ?? 'application/json' } : {}),
        },
        ...(valid?.body
          ? { payload: Buffer.isBuffer(valid.body) ? valid.body : JSON.stringify(valid.body) }
          : {}),
      });
      expect(res.statusCode, `${key}: ${res.body}`).not.toBe(401);
      expect(res.json().code, `${key}: ${res.body}`).not.toBe('VALIDATION');
    }
  });
});

describe('the auth hook', () => {
  it('refuses an unverified email (403) and a user on a staff route (403) before validating the body', async () => {
    const unverified = await member(t, { verified: false });
    const follow = await t.app.inject({
      method: 'POST',
      url: '/user/api/v1/user/follow',
      headers: unverified.headers,
      payload: {},
    });
    expect(follow.statusCode).toBe(403);
    expect(follow.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    const user = await member(t);
    const act = await t.app.inject({
      method: 'POST',
      url: '/moderation/api/v1/actions',
      headers: user.headers,
      payload: {},
    });
    expect(act.statusCode).toBe(403);
    expect(act.json()).toMatchObject({ code: 'FORBIDDEN', message: ERRORS.FORBIDDEN.message });

    const moderator = await member(t, { role: 'moderator' });
    const audit = await t.app.inject({ url: '/moderation/api/v1/audit?page=-1', headers: moderator.headers });
    expect(audit.statusCode).toBe(403);
  });

  it('fails loudly when a route reads the signed-in user without declaring config.auth', async () => {
    const someone = await member(t);
    const res = await t.app.inject({ method: 'POST', url: '/__test/forgot-auth', headers: someone.headers });
    expect(res.statusCode).toBe(500);
  });
});
