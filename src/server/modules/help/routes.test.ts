import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_MESSAGES } from '../../../shared/help.ts';
import { createTestApp, query, type TestContext } from '../../../test/app.ts';
import { TestClock } from '../../../test/clock.ts';
import { member } from '../../../test/community.ts';
import { DAY, MINUTE } from '../../lib/clock.ts';

let t: TestContext;
const clock = new TestClock(Date.parse('2024-11-05T10:00:00Z'));
const HELP_URL = '/platform/api/v1/help-requests';

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock });
});
afterAll(() => t.close());

const submit = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: HELP_URL, payload, headers });

interface HelpRow {
  id: number;
  kind: string;
  user_id: number | null;
  email: string | null;
  title: string;
  description: string;
  page_url: string | null;
  user_agent: string | null;
  status: string;
  created_at: string;
}
const rowOf = async (id: number) =>
  (
    await query<HelpRow>(
      t.database,
      `SELECT id, kind, user_id, email, title, description, page_url, user_agent, status,
         to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS created_at
       FROM help_requests WHERE id = ${id}`,
    )
  )[0];
const count = async () =>
  (await query<{ n: number }>(t.database, 'SELECT count(*)::int AS n FROM help_requests'))[0]!.n;

const bug = {
  kind: 'bug',
  title: 'Compare list is empty',
  description: 'After adding three phones the compare page shows nothing at all.',
};

describe('POST /help-requests', () => {
  it('stores an anonymous bug report and thanks for it', async () => {
    const res = await submit(
      {
        ...bug,
        title: '  Compare list is empty  ',
        page_url: 'https://verdict.example/compare?ids=1,2',
        email: '  Asha.DSouza@Example.COM ',
      },
      { 'user-agent': 'TestAgent/1.0' },
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: 'Thanks! We have received your report.',
      id: expect.any(Number),
    });
    expect(body.message).toBe(HELP_MESSAGES.received.bug);
    expect(await rowOf(body.id)).toEqual({
      id: body.id,
      kind: 'bug',
      user_id: null,
      email: 'asha.dsouza@example.com',
      title: 'Compare list is empty',
      description: bug.description,
      page_url: 'https://verdict.example/compare?ids=1,2',
      user_agent: 'TestAgent/1.0',
      status: 'open',
      created_at: '2024-11-05T10:00:00',
    });
  });

  it('stores a feature request linked to the signed-in user, without optional fields', async () => {
    const me = await member(t);
    const res = await submit(
      {
        kind: 'feature',
        title: 'Dark mode',
        description: 'Please add a dark theme for reading at night.',
        page_url: '',
        email: '   ',
      },
      me.headers,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: 'Thanks! We have received your idea.',
      id: expect.any(Number),
    });
    expect(res.json().message).toBe(HELP_MESSAGES.received.feature);
    expect(await rowOf(res.json().id)).toMatchObject({
      kind: 'feature',
      user_id: me.id,
      email: null,
      title: 'Dark mode',
      description: 'Please add a dark theme for reading at night.',
      page_url: null,
    });
  });

  it('keeps an anonymous request anonymous with a bad token, and accepts http links and exact limits', async () => {
    const res = await submit(
      {
        ...bug,
        title: 'x'.repeat(5),
        description: 'd'.repeat(2000),
        page_url: 'http://localhost:3000/browse',
      },
      { authorization: 'Bearer not-a-real-token' },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await rowOf(res.json().id)).toMatchObject({
      user_id: null,
      title: 'xxxxx',
      description: 'd'.repeat(2000),
      page_url: 'http://localhost:3000/browse',
    });
    const longest = await submit({ ...bug, title: 't'.repeat(120), description: 'e'.repeat(20) });
    expect(longest.statusCode, longest.body).toBe(201);
  });

  it('refuses each invalid field with a 400 and its message, writing no row', async () => {
    const cases: [string, object, string, string][] = [
      ['title too short', { ...bug, title: 'abcd' }, 'title', HELP_MESSAGES.title],
      ['title too short once trimmed', { ...bug, title: '  abcd   ' }, 'title', HELP_MESSAGES.title],
      ['title too long', { ...bug, title: 't'.repeat(121) }, 'title', HELP_MESSAGES.title],
      ['title missing', { kind: 'bug', description: bug.description }, 'title', HELP_MESSAGES.title],
      [
        'description too short',
        { ...bug, description: 'd'.repeat(19) },
        'description',
        HELP_MESSAGES.description,
      ],
      [
        'description too long',
        { ...bug, description: 'd'.repeat(2001) },
        'description',
        HELP_MESSAGES.description,
      ],
      ['ftp URL', { ...bug, page_url: 'ftp://verdict.example/x' }, 'page_url', HELP_MESSAGES.pageUrl],
      ['not a URL', { ...bug, page_url: 'my compare page' }, 'page_url', HELP_MESSAGES.pageUrl],
      ['script URL', { ...bug, page_url: 'javascript:alert(1)' }, 'page_url', HELP_MESSAGES.pageUrl],
      ['bad email', { ...bug, email: 'asha-at-example.com' }, 'email', HELP_MESSAGES.email],
      ['NUL in title', { ...bug, title: 'Broken\u0000page' }, 'title', HELP_MESSAGES.controlCharacters],
      [
        'NUL in description',
        { ...bug, description: `${bug.description}\u0000` },
        'description',
        HELP_MESSAGES.controlCharacters,
      ],
    ];
    const before = await count();
    for (const [name, payload, field, message] of cases) {
      const res = await submit(payload);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toMatchObject({ success: false, code: 'VALIDATION', field, message });
    }
    for (const kind of ['question', 'BUG', '', undefined]) {
      const res = await submit({ ...bug, kind });
      expect(res.statusCode, String(kind)).toBe(400);
      expect(res.json(), String(kind)).toMatchObject({ code: 'VALIDATION', field: 'kind' });
      expect(res.json().message, String(kind)).toContain('must be bug or feature');
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: HELP_URL,
          payload: 'not json',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(400);
    expect(await count()).toBe(before);
  });

  it('erases the help requests of an account erased after deletion, and only those', async () => {
    const leaving = await member(t);
    const staying = await member(t);
    const mine = await submit({ ...bug, email: `${leaving.username}@example.com` }, leaving.headers);
    const theirs = await submit({ ...bug, kind: 'feature' }, staying.headers);
    const anonymous = await submit(bug);
    for (const r of [mine, theirs, anonymous]) expect(r.statusCode).toBe(201);
    expect((await rowOf(mine.json().id))!.user_id).toBe(leaving.id);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/user/api/v1/user/delete',
      headers: leaving.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // Within the 7 days the account can come back, and so do its requests.
    clock.advance(6 * DAY);
    await t.services.account.eraseExpired();
    expect(await rowOf(mine.json().id)).toBeDefined();
    expect(await rowOf(mine.json().id)).toMatchObject({ user_id: leaving.id });

    clock.advance(DAY + MINUTE);
    expect((await t.services.account.eraseExpired()).erased).toBeGreaterThanOrEqual(1);
    expect(await rowOf(mine.json().id)).toBeUndefined();
    const [left] = await query<{ n: number }>(
      t.database,
      `SELECT count(*)::int AS n FROM help_requests WHERE user_id = ${leaving.id}`,
    );
    expect(left!.n).toBe(0);
    expect(await rowOf(theirs.json().id)).toMatchObject({ user_id: staying.id, kind: 'feature' });
    expect(await rowOf(anonymous.json().id)).toMatchObject({ user_id: null, kind: 'bug' });
  });
});
