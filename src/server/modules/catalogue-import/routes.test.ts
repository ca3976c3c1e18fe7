/**
 * POST /catalogue/api/v1/imports (issue 19): editors only; a refused file is a 422 listing every
 * `file:row:field: reason`; a file over the limit a 413; a dry run changes nothing, applying does once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../shared/messages.ts';
import { IMPORT_MAX_BYTES, IMPORT_TEXTS } from '../../../shared/catalogue-import.ts';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { member, type Member } from '../../../test/community.ts';
import { multipartBody } from '../../../test/multipart.ts';

let t: TestContext;
let editor: Member;
beforeAll(async () => {
  t = await createTestApp();
  editor = await member(t, { role: 'editor' });
});
afterAll(() => t.close());

const upload = (
  text: string | Buffer,
  { who = editor as Member | null, dryRun = 'true', filename = 'phones.csv', field = 'file' } = {},
) => {
  const body = multipartBody([
    { field, filename, type: 'text/csv', data: Buffer.isBuffer(text) ? text : Buffer.from(text) },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/catalogue/api/v1/imports?dry_run=${dryRun}`,
    payload: body.payload,
    headers: { ...body.headers, ...(who ? who.headers : {}) },
  });
};

const GOOD = [
  'category,brand,model,variant,ram_gb,storage_gb,status,price,price_source,price_observed_on',
  'C001,Routeron,Importa 7,8 GB + 256 GB,8,256,available,31999,Routeron store,2026-11-01',
].join('\n');

const models = async () =>
  (
    await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM products p JOIN brands b ON b.id = p.brand_id WHERE b.name = 'Routeron'`,
    )
  )[0]!.n;

describe('POST /catalogue/api/v1/imports', () => {
  it('is in the OpenAPI document, with its 413 and 422', async () => {
    const doc = (await t.app.inject('/api-docs')).json();
    const op = doc.paths['/catalogue/api/v1/imports'].post;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '413', '422']));
  });

  it('answers 401 signed out and 403 to members and moderators', async () => {
    const anonymous = await upload(GOOD, { who: null });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(ERRORS.UNAUTHENTICATED.message);
    for (const role of ['user', 'moderator'] as const) {
      const res = await upload(GOOD, { who: await member(t, { role }) });
      expect(res.statusCode, role).toBe(403);
      expect(res.json().message).toBe(ERRORS.FORBIDDEN.message);
    }
    expect(await models()).toBe(0);
  });

  it('refuses a bad file with 422 and every file:row:field: reason, changing nothing', async () => {
    const res = await upload('category,brand,model,ram_gb\nC001,Routeron,Bad,lots\nC005,Routeron,Worse,');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      code: 'IMPORT_REFUSED',
      message: ERRORS.IMPORT_REFUSED.message,
      errors: [
        'phones.csv:2:ram_gb: RAM must be a number of GB.',
        'phones.csv:3:category: Choose a category: C001, C002 or C003.',
      ],
    });
    expect(await models()).toBe(0);
  });

  it('answers 400 without a file, with another field or type, 413 over the limit', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/catalogue/api/v1/imports',
      payload: {},
      headers: editor.headers,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(IMPORT_TEXTS.missing);
    expect((await upload(GOOD, { field: 'photos' })).json().message).toBe(IMPORT_TEXTS.missing);
    const txt = await upload(GOOD, { filename: 'phones.txt' });
    expect(txt.statusCode).toBe(400);
    expect(txt.json().message).toBe(IMPORT_TEXTS.type);
    const big = await upload(Buffer.alloc(IMPORT_MAX_BYTES + 10, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'IMPORT_TOO_LARGE', message: ERRORS.IMPORT_TOO_LARGE.message });
    const flag = await upload(GOOD, { dryRun: 'maybe' });
    expect(flag.statusCode).toBe(400);
  });

  it('a dry run answers the plan and changes nothing; applying adds once, with the editor in the history', async () => {
    const dry = await upload(GOOD);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({
      success: true,
      applied: false,
      plan: {
        file: 'phones.csv',
        rows: 1,
        added_models: [{ category: 'C001', name: 'Routeron Importa 7', variants: ['8 GB + 256 GB'] }],
        prices: [{ variant_id: null, after: 31999 }],
      },
    });
    expect(await models()).toBe(0);

    const applied = await upload(GOOD, { dryRun: 'false' });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ success: true, applied: true });
    expect(await models()).toBe(1);
    const [line] = await query<{ actor_id: number }>(
      t.database,
      `SELECT actor_id FROM catalogue_changes WHERE action = 'create_model' ORDER BY id DESC LIMIT 1`,
    );
    expect(line!.actor_id).toBe(editor.id);
    // The site shows it at once (the memoized reads were forgotten).
    const search = await t.app.inject({ url: '/platform/api/v1/search?searchQuery=importa' });
    expect(JSON.stringify(search.json())).toContain('Importa 7');

    const again = await upload(GOOD, { dryRun: 'false' });
    expect(again.json().plan).toMatchObject({ added_models: [], changes: [], prices: [], hidden: [] });
    expect(await models()).toBe(1);
  });
});
